// /contact: the public contact form (POST /auth/contact), for people with or without an account. A light
// page: no Relay runtime, its generated operation sent over plain fetch.
import { useState } from 'react';
import { Alert, Anchor, Button, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { graphql } from 'relay-runtime';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import ContactOperation, { type ContactMutation } from '../../__generated__/ContactMutation.graphql.js';
import { CONTACT_MESSAGE_MAX, CONTACT_TYPES, ContactSchema, type ContactType } from '../../../../core/contact.js';
import { field, fieldError, useZodForm } from '../../components/forms.js';
import { useFetchMutation } from '../../components/mutationResult.js';
import { PublicLayout } from './PublicLayout.js';

// Compiled by relay-compiler into the artifact imported above; sent over plain fetch.
graphql`
  mutation ContactMutation($input: ContactRequestInput!) {
    sendContactRequest(input: $input) {
      __typename
      ... on MutationSendContactRequestSuccess { data { message } }
      ... on Error { code message }
      ... on InputError { issues { field message } }
    }
  }
`;

export default function Contact() {
  const { t } = useTranslation();
  const form = useZodForm(ContactSchema, { defaultValues: { contactType: undefined as unknown as ContactType, visitorEmail: '', message: '' } });
  const send = useFetchMutation<ContactMutation['response']>(ContactOperation);
  const [sent, setSent] = useState<string | null>(null);
  const message = form.watch('message') ?? '';

  const submit = form.handleSubmit(async (values) => {
    const result = await send.run({ input: values }, 'sendContactRequest', { form });
    if (result?.__typename === 'MutationSendContactRequestSuccess' && result.data) setSent(result.data.message);
  });

  const back = (
    <Anchor component={Link} to="/login" size="sm" ta="center">
      {t('contact.back')}
    </Anchor>
  );

  if (sent) {
    return (
      <PublicLayout title={t('contact.sentTitle')}>
        <Alert color="green" role="status" variant="light">
          {sent}
        </Alert>
        {back}
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t('contact.title')} description={t('contact.intro')} width={520}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Controller
            control={form.control}
            name="contactType"
            render={({ field: type }) => (
              <Select
                label={t('contact.type')}
                placeholder={t('contact.typePlaceholder')}
                data={Object.entries(CONTACT_TYPES).map(([value, label]) => ({ value, label }))}
                value={type.value ?? null}
                onChange={(value) => type.onChange(value)}
                onBlur={type.onBlur}
                allowDeselect={false}
                required
                error={fieldError(form, 'contactType')}
              />
            )}
          />
          <TextInput label={t('contact.email')} type="email" autoComplete="email" required {...field(form, 'visitorEmail')} />
          <Textarea
            label={t('contact.message')}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={CONTACT_MESSAGE_MAX}
            required
            description={t('contact.count', { count: message.length, max: CONTACT_MESSAGE_MAX })}
            {...field(form, 'message')}
          />
          <Text size="xs" c="dimmed">
            {t('contact.privacy')}
          </Text>
          <Button type="submit" size="md" loading={send.inFlight}>
            {t('contact.submit')}
          </Button>
          {back}
        </Stack>
      </form>
    </PublicLayout>
  );
}
