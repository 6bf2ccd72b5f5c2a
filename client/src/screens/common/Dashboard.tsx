import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../components/SessionProvider.js';

/** "/" for users without a home redirect; the dashboard widgets come with their own issues. */
export default function Dashboard() {
  const { t } = useTranslation();
  const { session } = useSession();
  return (
    <Stack>
      <Title order={2}>{t('dashboard.welcome', { name: session.user.firstName })}</Title>
      {session.account && <Text>{t('dashboard.community', { name: session.account.label })}</Text>}
    </Stack>
  );
}
