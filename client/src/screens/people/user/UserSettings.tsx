import { Stack } from '@mantine/core';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { UserSettingsQuery } from '../../../__generated__/UserSettingsQuery.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageHeader } from '../../../components/PageHeader.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { BasicDataForm } from './BasicDataForm.js';
import { EmailChangeForm } from './EmailChangeForm.js';
import { PasswordChangeForm } from './PasswordChangeForm.js';

export const userSettingsQuery = graphql`
  query UserSettingsQuery {
    viewer { ...BasicDataForm_user ...EmailChangeForm_user }
  }
`;

/** /user-settings: the signed-in person's own data, e-mail and password. */
export default function UserSettings({ queryRef }: ScreenProps<UserSettingsQuery>) {
  const { t } = useTranslation();
  const { viewer } = usePreloadedQuery<UserSettingsQuery>(userSettingsQuery, queryRef);
  if (!viewer) return <EmptyState title={t('userSettings.signedOut')} action={{ label: t('userSettings.signIn'), to: '/login' }} />;
  return (
    <Stack maw={720}>
      <PageHeader title={t('userSettings.title')} description={t('userSettings.description')} />
      <BasicDataForm user={viewer} />
      <EmailChangeForm user={viewer} />
      <PasswordChangeForm />
    </Stack>
  );
}
