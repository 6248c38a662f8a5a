FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 BODOGE_DATABASE=/data/bodoge.sqlite3 BODOGE_METRICS_PORT=9108
RUN useradd --create-home --uid 10001 bodoge && mkdir /data && chown bodoge /data
WORKDIR /app
COPY --chown=bodoge . /app
USER bodoge
# The same start command as the README; the first start installs the hash-pinned requirements.lock into /app/.venv,
# so do it at build time.
RUN python3 -c "import bodoge; bodoge.ensure_environment('')"
VOLUME ["/data"]
EXPOSE 9108
# /healthz answers 200 once the gateway is ready and storage answers (cogs/metrics.py)
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["python3", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % (os.environ.get('BODOGE_METRICS_PORT') or '9108'), timeout=4)"]
CMD ["python3", "bodoge.py", "start"]
