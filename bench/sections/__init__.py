"""bench/run.py's sections, one module each, named as `--only` names them."""
