#!/bin/sh
# npm test: builds the client for the browser journeys, then runs the whole suite. With DATABASE_URL the
# journeys and the component tests do not run (vitest.config.ts: they do not depend on the database), so
# neither does the build.
set -e
if [ -z "$DATABASE_URL" ] || [ "$E2E_ON_POSTGRES" = 1 ]; then npm run build; fi
exec vitest run "$@"
