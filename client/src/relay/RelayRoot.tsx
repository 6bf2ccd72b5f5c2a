import type { ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { environment } from './environment.js';

export function RelayRoot({ children }: { children: ReactNode }) {
  return <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>;
}
