import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MODULES } from '../../../../core/grants.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useSession } from '../../components/SessionProvider.js';

/**
 * Where a route the account may not open sends it (spec 3 section 2). A route of a module the community
 * has not activated says so (`?module=`), with the way to activate it for whoever may.
 */
export default function NotAvailable() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { grants } = useSession();
  const module = MODULES.find((m) => m !== 'BASE' && m === search.get('module'));
  return (
    <Stack maw={640}>
      <PageHeader title={module ? t('notAvailable.moduleTitle') : t('notAvailable.title')} />
      <Paper withBorder p="lg" radius="md" data-testid="not-available">
        <Stack gap="sm">
          {module ? (
            <Alert color="yellow" title={t('notAvailable.moduleOff', { module: t(`setup.moduleNames.${module}`) })}>
              {grants.has('CModulesRead') ? t('notAvailable.moduleActivate') : t('notAvailable.moduleAsk')}
            </Alert>
          ) : (
            <>
              <Text>{t('notAvailable.body')}</Text>
              <Text size="sm" c="dimmed">
                {t('notAvailable.hint')}
              </Text>
            </>
          )}
          <Group>
            {module && grants.has('CModulesRead') && (
              <Button component={Link} to="/neighborhood/settings/modules">
                {t('notAvailable.modules')}
              </Button>
            )}
            <Button component={Link} to="/" variant={module ? 'default' : 'filled'}>
              {t('notAvailable.home')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
