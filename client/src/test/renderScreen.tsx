import { type ReactNode, Suspense } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import { RelayEnvironmentProvider } from 'react-relay';
import { MemoryRouter } from 'react-router';
import type { RelayMockEnvironment } from 'relay-test-utils';

/** A screen rendered as the app renders it: Relay's environment, Mantine, a router at `url` and a Suspense boundary. */
export function renderScreen(environment: RelayMockEnvironment, url: string, screen: ReactNode, options: { notifications?: boolean } = {}) {
  // The notifications store outlives a test: what earlier tests showed would fill its limit and queue new ones.
  if (options.notifications) notifications.clean();
  return render(
    <RelayEnvironmentProvider environment={environment}>
      <MantineProvider>
        {options.notifications && <Notifications />}
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback="cargando">{screen}</Suspense>
        </MemoryRouter>
      </MantineProvider>
    </RelayEnvironmentProvider>,
  );
}
