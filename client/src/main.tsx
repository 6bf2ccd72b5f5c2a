import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n/index.js';
import { createRouter } from './router.js';
import { bootSession } from './router/session.js';

// The session question leaves before React renders anything.
void bootSession().catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider>
      <Notifications position="top-right" />
      <RouterProvider router={createRouter()} />
    </MantineProvider>
  </StrictMode>,
);
