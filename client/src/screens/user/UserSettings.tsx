import { useState } from 'react';
import { Alert, Button, Divider, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { UserSettingsQuery } from '../../__generated__/UserSettingsQuery.graphql';
import type { UserSettingsBasicMutation } from '../../__generated__/UserSettingsBasicMutation.graphql';
import type { UserSettingsEmailMutation } from '../../__generated__/UserSettingsEmailMutation.graphql';
import type { UserSettingsPasswordMutation } from '../../__generated__/UserSettingsPasswordMutation.graphql';
import { capitalize, email as emailCheck, phone as phoneCheck } from '../../../../core/validators.js';
import { checked } from '../../components/fields.js';
import { DateField } from '../../components/DateField.js';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';

const query = graphql`
  query UserSettingsQuery {
    viewer { id firstName lastName email newEmail birthDate mobile landline }
  }
`;

const basicMutation = graphql`
  mutation UserSettingsBasicMutation($input: UpdateMyBasicDataInput!) {
    updateMyBasicData(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationUpdateMyBasicDataSuccess { data { user { id firstName lastName birthDate mobile landline } } }
    }
  }
`;

const emailMutation = graphql`
  mutation UserSettingsEmailMutation($input: ChangeMyEmailInput!) {
    changeMyEmail(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationChangeMyEmailSuccess { data { user { id email newEmail } } }
    }
  }
`;

const passwordMutation = graphql`
  mutation UserSettingsPasswordMutation($input: ChangeMyPasswordInput!) {
    changeMyPassword(input: $input) { __typename ... on Error { code message } }
  }
`;

const phone = z.string().refine((v) => v.trim() === '' || phoneCheck(v) === null, 'El teléfono debe tener 10 dígitos');
const basicSchema = z.object({
  firstName: z.string().trim().min(1, 'Este campo es requerido'),
  lastName: z.string(),
  birthDate: z.date().nullable(),
  mobile: phone,
  landline: phone,
});

export default function UserSettings() {
  const { t } = useTranslation();
  const { viewer } = useLazyLoadQuery<UserSettingsQuery>(query, {}, { fetchPolicy: 'store-and-network' });
  const basic = useAppMutation<UserSettingsBasicMutation>(basicMutation);
  const emailChange = useAppMutation<UserSettingsEmailMutation>(emailMutation);
  const passwordChange = useAppMutation<UserSettingsPasswordMutation>(passwordMutation);
  const [newEmail, setNewEmail] = useState('');
  const [passwords, setPasswords] = useState({ current: '', next: '', confirmation: '' });
  const form = useForm<z.infer<typeof basicSchema>>({
    resolver: zodResolver(basicSchema),
    values: viewer
      ? {
          firstName: viewer.firstName,
          lastName: viewer.lastName ?? '',
          birthDate: viewer.birthDate ? dayjs(String(viewer.birthDate)).toDate() : null,
          mobile: viewer.mobile ?? '',
          landline: viewer.landline ?? '',
        }
      : undefined,
  });
  if (!viewer) return null;
  const { register, handleSubmit, formState, watch, setValue } = form;

  const saveBasic = handleSubmit(async (v) => {
    const result = await basic.run(
      {
        input: {
          firstName: capitalize(v.firstName.trim()),
          lastName: v.lastName.trim() || null,
          birthDate: v.birthDate ? dayjs(v.birthDate).format('YYYY-MM-DD') : null,
          mobile: v.mobile.trim() || null,
          landline: v.landline.trim() || null,
        },
      },
      'updateMyBasicData',
    );
    if (result) notify('success', t('userSettings.saved'));
  });

  const emailError = newEmail ? checked(emailCheck).safeParse(newEmail).error?.issues[0]?.message : undefined;
  const changeEmail = async () => {
    const result = await emailChange.run({ input: { oldEmail: viewer.email, email: newEmail } }, 'changeMyEmail');
    if (result) {
      notify('info', t('userSettings.emailNotice', { email: newEmail.trim().toLowerCase() }));
      setNewEmail('');
    }
  };

  const passwordMismatch = passwords.confirmation && passwords.confirmation !== passwords.next ? 'Las contraseñas no coinciden' : null;
  const changePassword = async () => {
    const result = await passwordChange.run(
      { input: { currentPassword: passwords.current, password: passwords.next, passwordConfirmation: passwords.confirmation } },
      'changeMyPassword',
    );
    if (result) {
      notify('success', t('userSettings.passwordChanged'));
      setPasswords({ current: '', next: '', confirmation: '' });
    }
  };

  return (
    <Stack maw={560}>
      <Title order={2}>{t('userSettings.title')}</Title>
      <form onSubmit={saveBasic} noValidate>
        <Stack>
          <Title order={4}>{t('userSettings.personal')}</Title>
          <TextInput label={t('userSettings.firstName')} {...register('firstName')} error={formState.errors.firstName?.message} />
          <TextInput label={t('userSettings.lastName')} {...register('lastName')} />
          <DateField
            label={t('userSettings.birthDate')}
            value={watch('birthDate')}
            onChange={(d) => setValue('birthDate', d ? dayjs(d).toDate() : null)}
            maxDate={new Date()}
          />
          <TextInput label={t('userSettings.mobile')} {...register('mobile')} error={formState.errors.mobile?.message} />
          <TextInput label={t('userSettings.landline')} {...register('landline')} error={formState.errors.landline?.message} />
          <Button type="submit" loading={basic.inFlight} w="fit-content">
            {t('userSettings.save')}
          </Button>
        </Stack>
      </form>
      <Divider />
      <Title order={4}>{t('userSettings.emailSection')}</Title>
      <Text>
        {t('userSettings.currentEmail')}: {viewer.email}
      </Text>
      {viewer.newEmail && <Alert color="yellow">{t('userSettings.pendingEmail', { email: viewer.newEmail })}</Alert>}
      <TextInput label={t('userSettings.newEmail')} type="email" value={newEmail} onChange={(e) => setNewEmail(e.currentTarget.value)} error={emailError} />
      <Button onClick={changeEmail} disabled={!newEmail || !!emailError} loading={emailChange.inFlight} w="fit-content">
        {t('userSettings.changeEmail')}
      </Button>
      <Divider />
      <Title order={4}>{t('userSettings.passwordSection')}</Title>
      <PasswordInput
        label={t('userSettings.currentPassword')}
        value={passwords.current}
        onChange={(e) => setPasswords({ ...passwords, current: e.currentTarget.value })}
        autoComplete="current-password"
      />
      <PasswordInput
        label={t('userSettings.newPassword')}
        value={passwords.next}
        onChange={(e) => setPasswords({ ...passwords, next: e.currentTarget.value })}
        autoComplete="new-password"
      />
      <PasswordInput
        label={t('userSettings.confirmPassword')}
        value={passwords.confirmation}
        onChange={(e) => setPasswords({ ...passwords, confirmation: e.currentTarget.value })}
        error={passwordMismatch}
        autoComplete="new-password"
      />
      <Button
        onClick={changePassword}
        disabled={!passwords.current || passwords.next.length < 8 || !!passwordMismatch || !passwords.confirmation}
        loading={passwordChange.inFlight}
        w="fit-content"
      >
        {t('userSettings.changePassword')}
      </Button>
    </Stack>
  );
}
