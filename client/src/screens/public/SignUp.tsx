// /sign-up: a new community with its first administrator (a new person or an existing account). A light
// page: no Relay runtime, its generated operation sent over plain fetch.
import { useState } from 'react';
import { Anchor, Button, Divider, PasswordInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { graphql } from 'relay-runtime';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import SignUpOperation, { type SignUpMutation } from '../../__generated__/SignUpMutation.graphql.js';
import { NEIGHBORHOOD_TYPES, SignUpSchema } from '../../../../core/signUp.js';
import { domainFromName } from '../../../../core/validators.js';
import { field, fieldError, useZodForm } from '../../components/forms.js';
import { useFetchMutation } from '../../components/mutationResult.js';
import { PublicLayout } from './PublicLayout.js';

// Compiled by relay-compiler into the artifact imported above; sent over plain fetch.
graphql`
  mutation SignUpMutation($input: SignUpCommunityInput!) {
    signUpCommunity(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
    }
  }
`;

type Account = 'new' | 'existing';

export default function SignUp() {
  const { t } = useTranslation();
  const [account, setAccount] = useState<Account>('new');
  const [domainEdited, setDomainEdited] = useState(false);
  const signUp = useFetchMutation<SignUpMutation['response']>(SignUpOperation);
  const form = useZodForm(SignUpSchema, {
    defaultValues: {
      neighborhood: { name: '', domain: '', neighborhoodType: 'NEIGHBORHOOD', country: 'México' },
      user: { firstName: '', lastName: '', email: '', password: '' },
      login: null,
    },
  });
  const owner = account === 'new' ? 'user' : 'login';

  // The e-mail and password typed so far follow the person from one choice to the other.
  const chooseAccount = (next: Account) => {
    if (next === account) return;
    const typed = form.getValues(owner);
    const kept = { email: typed?.email ?? '', password: typed?.password ?? '' };
    form.clearErrors();
    if (next === 'existing') {
      form.setValue('user', null);
      form.setValue('login', kept);
    } else {
      form.setValue('login', null);
      form.setValue('user', { firstName: '', lastName: '', ...kept });
    }
    setAccount(next);
    void form.trigger();
  };

  const name = field(form, 'neighborhood.name');
  const domain = field(form, 'neighborhood.domain');

  const submit = form.handleSubmit(async (values) => {
    // Signed in by the answer's cookie: a full load opens the new community's app.
    if (await signUp.run({ input: values }, 'signUpCommunity', { form })) window.location.assign('/');
  });

  return (
    <PublicLayout title={t('signUp.title')} description={t('signUp.intro')} width={560}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Divider label={t('signUp.communityHeading')} labelPosition="left" />
          <TextInput
            label={t('signUp.neighborhoodName')}
            required
            {...name}
            onChange={(e) => {
              void name.onChange(e);
              if (!domainEdited)
                form.setValue('neighborhood.domain', domainFromName(e.target.value), { shouldValidate: form.getFieldState('neighborhood.domain').isTouched });
            }}
          />
          <TextInput
            label={t('signUp.domain')}
            description={t('signUp.domainHint')}
            required
            autoCapitalize="none"
            spellCheck={false}
            {...domain}
            onChange={(e) => {
              setDomainEdited(true);
              void domain.onChange(e);
            }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Controller
              control={form.control}
              name="neighborhood.neighborhoodType"
              render={({ field: type }) => (
                <Select
                  label={t('signUp.type')}
                  data={NEIGHBORHOOD_TYPES.map((value) => ({ value, label: t(`signUp.types.${value}`) }))}
                  value={type.value ?? 'NEIGHBORHOOD'}
                  onChange={(value) => type.onChange(value)}
                  onBlur={type.onBlur}
                  allowDeselect={false}
                  error={fieldError(form, 'neighborhood.neighborhoodType')}
                />
              )}
            />
            <TextInput label={t('signUp.country')} autoComplete="country-name" {...field(form, 'neighborhood.country')} />
          </SimpleGrid>

          <Divider label={t('signUp.accountHeading')} labelPosition="left" mt="xs" />
          <SegmentedControl
            fullWidth
            value={account}
            onChange={(value) => chooseAccount(value as Account)}
            data={[
              { value: 'new', label: t('signUp.newAccount') },
              { value: 'existing', label: t('signUp.existingLogin') },
            ]}
          />
          {account === 'new' ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} key="new">
              <TextInput label={t('signUp.firstName')} required autoComplete="given-name" {...field(form, 'user.firstName')} />
              <TextInput label={t('signUp.lastName')} autoComplete="family-name" {...field(form, 'user.lastName')} />
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              {t('signUp.existingHint')}
            </Text>
          )}
          <TextInput key={`${owner}.email`} label={t('signUp.email')} type="email" required autoComplete="email" {...field(form, `${owner}.email`)} />
          <PasswordInput
            key={`${owner}.password`}
            label={t('signUp.password')}
            description={account === 'new' ? t('signUp.passwordHint') : undefined}
            required
            autoComplete={account === 'new' ? 'new-password' : 'current-password'}
            {...field(form, `${owner}.password`)}
          />
          <Button type="submit" size="md" mt="xs" disabled={!form.formState.isValid} loading={signUp.inFlight}>
            {t('signUp.submit')}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            {t('signUp.haveCommunity')}{' '}
            <Anchor component={Link} to="/login" size="sm">
              {t('signUp.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </PublicLayout>
  );
}
