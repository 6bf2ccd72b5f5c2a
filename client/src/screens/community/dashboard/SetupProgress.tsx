import { useState } from 'react';
import { Anchor, Badge, Button, Group, List, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SetupProgress_dashboard$key } from '../../../__generated__/SetupProgress_dashboard.graphql';
import { setupWidgetHiddenByDefault } from '../../../../../core/setupSteps.js';
import type { ModuleName } from '../../../../../core/grants.js';

const fragment = graphql`
  fragment SetupProgress_dashboard on Dashboard {
    setupProgress { modules steps { module step configured path } }
  }
`;

type Step = { readonly module: string; readonly step: string; readonly configured: boolean; readonly path: string };

/**
 * Setup-progress widgets (spec 3 "Dashboard and widgets"): one per active module with the steps the account
 * may configure, each linking to its screen. Whether a widget is folded is remembered per community and
 * module in this browser; folded by default except VISITAS.
 */
export function SetupProgress({
  dashboard,
  communityId,
  opens,
}: {
  dashboard: SetupProgress_dashboard$key;
  communityId: string;
  opens: (path: string) => boolean;
}) {
  const data = useFragment(fragment, dashboard);
  if (!data.setupProgress) return null;
  const { modules, steps } = data.setupProgress;
  const widgets = modules
    .map((module) => ({ module: module as ModuleName, steps: steps.filter((s) => s.module === module) }))
    .filter((w) => w.steps.length > 0);
  if (widgets.length === 0) return null;
  // What is left to configure comes first; finished modules follow, compact.
  const pending = (w: (typeof widgets)[number]) => (w.steps.every((s) => s.configured) ? 1 : 0);
  widgets.sort((a, b) => pending(a) - pending(b));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="setup-progress">
      {widgets.map((w) => (
        <ModuleSetup key={w.module} module={w.module} steps={w.steps} communityId={communityId} opens={opens} />
      ))}
    </SimpleGrid>
  );
}

function storageKey(communityId: string, module: string) {
  return `setup-widget:${communityId}:${module}`;
}

function readHidden(communityId: string, module: ModuleName): boolean {
  try {
    const stored = window.localStorage.getItem(storageKey(communityId, module));
    if (stored === 'hidden') return true;
    if (stored === 'shown') return false;
  } catch {
    // Storage may be blocked: fall back to the default.
  }
  return setupWidgetHiddenByDefault(module);
}

function ModuleSetup({
  module,
  steps,
  communityId,
  opens,
}: {
  module: ModuleName;
  steps: readonly Step[];
  communityId: string;
  opens: (path: string) => boolean;
}) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => readHidden(communityId, module));
  const done = steps.filter((s) => s.configured).length;
  const complete = done === steps.length;
  const toggle = () => {
    const next = !hidden;
    setHidden(next);
    try {
      window.localStorage.setItem(storageKey(communityId, module), next ? 'hidden' : 'shown');
    } catch {
      // Not remembered: still toggles for this visit.
    }
  };
  const titleId = `setup-${module}-title`;
  return (
    <Paper withBorder p={complete ? 'sm' : 'md'} radius="md" component="section" aria-labelledby={titleId} data-testid={`setup-${module}`}>
      <Stack gap={complete ? 4 : 'sm'}>
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Title order={3} size={complete ? 'h5' : 'h4'} id={titleId}>
            {t('setup.title', { module: t(`setup.modules.${module}`) })}
          </Title>
          {complete ? (
            <Badge color="teal" variant="light">
              {t('setup.complete')}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              {t('setup.progress', { done, total: steps.length })}
            </Text>
          )}
        </Group>
        {!complete && <Progress value={(done / steps.length) * 100} size="sm" aria-label={t('setup.progress', { done, total: steps.length })} />}
        {!hidden && (
          <List spacing={6} listStyleType="none" p={0}>
            {steps.map((s) => (
              <List.Item
                key={s.step}
                icon={
                  <ThemeIcon size={20} radius="xl" color={s.configured ? 'teal' : 'gray'} variant={s.configured ? 'filled' : 'light'} aria-hidden>
                    {s.configured ? '✓' : '·'}
                  </ThemeIcon>
                }
              >
                <Group gap="xs" wrap="wrap">
                  {opens(s.path) ? (
                    <Anchor component={Link} to={s.path} size="sm">
                      {t(`setup.steps.${s.step}`)}
                    </Anchor>
                  ) : (
                    <Text size="sm">{t(`setup.steps.${s.step}`)}</Text>
                  )}
                  <Text size="xs" c={s.configured ? 'teal' : 'dimmed'}>
                    {s.configured ? t('setup.configured') : t('setup.pending')}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={!hidden}>
            {hidden ? t('setup.show') : t('setup.hide')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
