import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppRoute } from '../../routes.js';

/** For spec routes that no issue has built yet: says so plainly instead of showing a fake screen. */
export default function ComingSoon({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const name = route.menu ? t(route.menu.label) : route.path;
  return (
    <Stack maw={560}>
      <Title order={2}>{t('comingSoon.title')}</Title>
      <Text>{t('comingSoon.body', { name })}</Text>
      <Button component={Link} to="/" variant="light" w="fit-content">
        {t('comingSoon.home')}
      </Button>
    </Stack>
  );
}
