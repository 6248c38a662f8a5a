FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 BODOGE_DATABASE=/data/bodoge.sqlite3
RUN useradd --create-home --uid 10001 bodoge && mkdir /data && chown bodoge /data
WORKDIR /app
COPY --chown=bodoge . /app
USER bodoge
# The same start command as the README; the first start installs into /app/.venv, so do it at build time.
RUN python3 -c "import bodoge; bodoge.ensure_environment('')"
VOLUME ["/data"]
CMD ["python3", "bodoge.py", "start"]
