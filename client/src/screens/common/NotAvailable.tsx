import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotAvailable() {
  const { t } = useTranslation();
  return (
    <Stack maw={560}>
      <Title order={2}>{t('notAvailable.title')}</Title>
      <Text>{t('notAvailable.body')}</Text>
      <Button component={Link} to="/" w="fit-content">
        {t('notAvailable.home')}
      </Button>
    </Stack>
  );
}
