import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Welcome_dashboard$key } from '../../../__generated__/Welcome_dashboard.graphql';
import type { Audience } from './audience.js';

const fragment = graphql`
  fragment Welcome_dashboard on Dashboard { welcomeUrl }
`;

/**
 * The welcome content area (spec 3 "Dashboard and widgets"): the community's own page when general settings
 * give its address, else a default welcome that says what this kind of account does here (the security staff
 * get theirs from SecurityHome).
 */
export function Welcome({
  dashboard,
  communityName,
  audience,
  configures,
}: {
  dashboard: Welcome_dashboard$key;
  communityName: string;
  audience: Audience;
  configures: boolean;
}) {
  const { t } = useTranslation();
  const { welcomeUrl } = useFragment(fragment, dashboard);
  if (!welcomeUrl && audience === 'security') return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="welcome-title" data-testid="welcome">
      <Stack gap="xs">
        <Title order={3} size="h4" id="welcome-title">
          {t('setup.welcome.title', { name: communityName })}
        </Title>
        {welcomeUrl ? (
          <iframe
            src={welcomeUrl}
            title={t('setup.welcome.frame', { name: communityName })}
            sandbox="allow-scripts allow-popups allow-forms"
            referrerPolicy="no-referrer"
            loading="lazy"
            style={{ border: 0, width: '100%', minHeight: 240 }}
          />
        ) : (
          <>
            <Text size="sm">{t(`setup.welcome.${audience}`)}</Text>
            {configures && (
              <Anchor component={Link} to="/neighborhood/settings/general" size="sm">
                {t('setup.welcome.customize')}
              </Anchor>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
