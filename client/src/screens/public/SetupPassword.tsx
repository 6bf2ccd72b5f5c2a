// /setup-password/{code}: the link of the recovery e-mail; the person chooses a new password, twice,
// and enters (their other sessions end).
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SetupPasswordQuery } from '../../__generated__/SetupPasswordQuery.graphql';
import type { SetupPassword_query$key } from '../../__generated__/SetupPassword_query.graphql';
import type { SetupPasswordMutation } from '../../__generated__/SetupPasswordMutation.graphql';
import { SetupPasswordSchema } from '../../../../core/passwords.js';
import { field, useZodForm } from '../../components/forms.js';
import { useAppMutation } from '../../components/mutations.js';
import type { ScreenProps } from '../../router/screenRoute.js';
import { PublicLayout } from './PublicLayout.js';

export const setupPasswordQuery = graphql`
  query SetupPasswordQuery($code: String!) {
    ...SetupPassword_query
  }
`;

const setupPasswordFragment = graphql`
  fragment SetupPassword_query on Query {
    passwordCode(code: $code) { email firstName }
  }
`;

const mutation = graphql`
  mutation SetupPasswordMutation($input: SetupPasswordInput!) {
    setupPassword(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
    }
  }
`;

export default function SetupPassword({ queryRef }: ScreenProps<SetupPasswordQuery>) {
  const data = usePreloadedQuery<SetupPasswordQuery>(setupPasswordQuery, queryRef);
  return <SetupPasswordView query={data} />;
}

function SetupPasswordView({ query }: { query: SetupPassword_query$key }) {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const data = useFragment(setupPasswordFragment, query);
  const form = useZodForm(SetupPasswordSchema, { defaultValues: { code, password: '', passwordConfirmation: '' } });
  const setup = useAppMutation<SetupPasswordMutation>(mutation);
  const [password, confirmation] = form.watch(['password', 'passwordConfirmation']);

  if (!data.passwordCode) {
    return (
      <PublicLayout title={t('setupPassword.title')}>
        <Alert color="red" role="alert" variant="light">
          {t('setupPassword.invalid')}
        </Alert>
        <Button component={Link} to="/recover-password" size="md">
          {t('setupPassword.askAgain')}
        </Button>
      </PublicLayout>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    // Signed in by the answer's cookie: a full load opens the app.
    if (await setup.run({ input: values }, 'setupPassword', { form })) window.location.assign('/');
  });

  return (
    <PublicLayout
      title={t('setupPassword.title')}
      description={t('setupPassword.greeting', { name: data.passwordCode.firstName, email: data.passwordCode.email })}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {/* The e-mail as user name lets password managers save the new password for the right account. */}
          <input type="email" name="username" autoComplete="username" value={data.passwordCode.email} readOnly hidden />
          <PasswordInput
            label={t('setupPassword.password')}
            description={t('setupPassword.hint')}
            required
            autoComplete="new-password"
            {...field(form, 'password')}
          />
          <PasswordInput label={t('setupPassword.confirmation')} required autoComplete="new-password" {...field(form, 'passwordConfirmation')} />
          <Button type="submit" size="md" disabled={!password || !confirmation} loading={setup.inFlight}>
            {t('setupPassword.submit')}
          </Button>
        </Stack>
      </form>
    </PublicLayout>
  );
}
