import { Suspense, useEffect, type ReactNode } from 'react';
import { AppShell, Avatar, Box, Burger, Group, Image, Indicator, Loader, Menu, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuFor } from '../routes.js';
import { useSession } from './SessionProvider.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { UnreadBadge, useChatPulse } from '../screens/people/chats/ChatPulse.js';

/** Widest the content of a screen grows; forms keep their own narrower width inside it. */
const CONTENT_WIDTH = 1200;

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { session, grants, superAdmin } = useSession();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const sections = menuFor(grants, superAdmin);
  const groupTitle = (group: string) => (group === 'administration' && session.neighborhood ? session.neighborhood.neighborhoodTypeName : t(`menu.${group}`));
  const communityName = session.neighborhood?.name ?? t('app.name');
  // The conversations with unread messages (the menu's badge) and a notice for each message that arrives elsewhere.
  const unreadChats = useChatPulse();

  // Below the breakpoint the menu is a drawer: any navigation (menu, account menu, a link in a screen) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new address
  useEffect(() => close(), [location.pathname, location.search, close]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: { sm: 240, lg: 260 }, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'md', lg: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group wrap="nowrap" gap="xs" miw={0} style={{ flex: 1 }}>
            {/* On phones the menu's unread badge is hidden in the drawer: a dot on the burger says there is something to read. */}
            <Indicator hiddenFrom="sm" color="teal" size={9} offset={4} disabled={unreadChats === 0 || opened} data-testid="menu-unread-dot">
              <Burger opened={opened} onClick={toggle} size="sm" aria-label={opened ? t('menu.close') : t('menu.open')} aria-expanded={opened} />
            </Indicator>
            {session.neighborhood?.urlLogo && (
              <Image src={session.neighborhood.urlLogo} alt="" h={32} w="auto" maw={96} fit="contain" data-testid="community-logo" />
            )}
            <Text
              component={Link}
              to="/"
              fw={700}
              fz={{ base: 'md', sm: 'lg' }}
              c="inherit"
              td="none"
              truncate="end"
              miw={0}
              title={communityName}
              data-testid="community-name"
            >
              {communityName}
            </Text>
          </Group>
          <AccountMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('menu.main')}>
        <AppShell.Section grow component={ScrollArea} p="xs">
          <NavLink component={Link} to="/" label={t('menu.home')} active={location.pathname === '/'} data-testid="menu-home" fw={600} />
          {sections.map((section) => (
            <nav key={section.group} data-menu-group={section.group} aria-label={groupTitle(section.group)}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="sm" mb={4} px="sm">
                {groupTitle(section.group)}
              </Text>
              {section.entries.map((entry) => (
                <NavLink
                  key={entry.path}
                  component={Link}
                  to={entry.path}
                  label={t(entry.label)}
                  rightSection={entry.path === '/chats' ? <UnreadBadge count={unreadChats} /> : undefined}
                  active={
                    location.pathname === entry.path ||
                    location.pathname.startsWith(`${entry.path}/`) ||
                    (entry.path === '/chats' && location.pathname.startsWith('/friendships'))
                  }
                />
              ))}
              {section.group === 'account' && <NavLink component={Link} to="/logout" label={t('menu.logout')} />}
            </nav>
          ))}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Box maw={CONTENT_WIDTH} mx="auto" w="100%">
          {/* A screen's load error stays in the screen; moving to another route clears it. */}
          <ErrorBoundary key={location.pathname}>
            <Suspense fallback={<Loader aria-label={t('app.loading')} />}>{children}</Suspense>
          </ErrorBoundary>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

const initials = (first: string, last: string | null | undefined) => `${first.charAt(0)}${last?.charAt(0) ?? ''}`.toUpperCase();

/** The user menu: the account switcher (community + house label, current one marked) and sign-out. */
function AccountMenu() {
  const { t } = useTranslation();
  const { session } = useSession();
  const accounts = session.accounts.edges.map((e) => e.node);
  return (
    <Menu position="bottom-end" width={300} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('menu.switch_account')} data-testid="account-menu" style={{ flexShrink: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size={32} color="blue">
              {initials(session.user.firstName, session.user.lastName)}
            </Avatar>
            <Stack gap={0} visibleFrom="sm" maw={200}>
              <Text fw={600} size="sm" truncate="end">
                {session.user.firstName}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {session.account?.label ?? ''}
              </Text>
            </Stack>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown maw="calc(100vw - 16px)">
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
