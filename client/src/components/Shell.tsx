import { Suspense, type ReactNode } from 'react';
import { AppShell, Burger, Group, Loader, Menu, NavLink, ScrollArea, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuFor } from '../routes.js';
import { useSession } from './SessionProvider.js';
import { ErrorBoundary } from './ErrorBoundary.js';

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { session, grants, superAdmin } = useSession();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const sections = menuFor(grants, superAdmin);
  const groupTitle = (group: string) => (group === 'administration' && session.neighborhood ? session.neighborhood.neighborhoodTypeName : t(`menu.${group}`));

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menú" />
            <Title order={4}>{session.neighborhood?.name ?? t('app.name')}</Title>
          </Group>
          <AccountMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Menú principal">
        <ScrollArea>
          {sections.map((section) => (
            <nav key={section.group} data-menu-group={section.group} aria-label={groupTitle(section.group)}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="sm" mb={4} px="sm">
                {groupTitle(section.group)}
              </Text>
              {section.entries.map((entry) => (
                <NavLink key={entry.path} component={Link} to={entry.path} label={t(entry.label)} active={location.pathname === entry.path} onClick={close} />
              ))}
              {section.group === 'account' && <NavLink component={Link} to="/logout" label={t('menu.logout')} />}
            </nav>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        {/* A screen's load error stays in the screen; moving to another route clears it. */}
        <ErrorBoundary key={location.pathname}>
          <Suspense fallback={<Loader aria-label={t('app.loading')} />}>{children}</Suspense>
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}

/** The user menu: the account switcher (community + house label, current one marked) and sign-out. */
function AccountMenu() {
  const { t } = useTranslation();
  const { session } = useSession();
  const accounts = session.accounts.edges.map((e) => e.node);
  return (
    <Menu position="bottom-end" width={320} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('menu.switch_account')} data-testid="account-menu">
          <Text fw={600}>{session.user.firstName}</Text>
          <Text size="xs" c="dimmed">
            {session.account?.label ?? ''}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('menu.switch_account')}</Menu.Label>
        {accounts.map((account) => (
          <Menu.Item
            key={account.id}
            component={Link}
            to={`/fraccionamiento/${account.neighborhood.databaseId}${account.houseDatabaseId ? `?idh=${account.houseDatabaseId}` : ''}`}
            data-current={account.current || undefined}
            fw={account.current ? 700 : undefined}
          >
            {account.label}
            {account.current ? ` (${t('menu.current_account')})` : ''}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/user-settings">
          {t('menu.user_settings')}
        </Menu.Item>
        <Menu.Item component={Link} to="/logout" color="red">
          {t('menu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
