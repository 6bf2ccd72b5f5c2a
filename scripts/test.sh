#!/bin/sh
# npm test: builds the client for the browser journeys, then runs the whole suite. With DATABASE_URL the
# journeys and the component tests do not run (vitest.config.ts: they do not depend on the database), so
# neither does the build. The journeys drive Chromium (CHROMIUM_PATH, else /usr/bin/chromium, as in
# tests/e2e/browser.ts); nothing else in the suite needs a program outside node_modules.
set -e
if [ -z "$DATABASE_URL" ] || [ "$E2E_ON_POSTGRES" = 1 ] || [ -n "$JOURNEYS_SPLIT" ]; then
  chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
  if [ ! -x "$chromium" ]; then
    echo "npm test needs Chromium at $chromium for the browser journeys: apt-get install chromium (or set CHROMIUM_PATH)" >&2
    exit 1
  fi
  npm run build
fi
exec vitest run "$@"
