import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { graphql } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SignInMutation } from '../../__generated__/SignInMutation.graphql';
import type { SignInSwitchMutation } from '../../__generated__/SignInSwitchMutation.graphql';
import { useAppMutation } from '../../components/mutations.js';
import { PublicLayout } from './PublicLayout.js';

const signInMutation = graphql`
  mutation SignInMutation($input: SignInInput!) {
    signIn(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationSignInSuccess {
        data { session { accounts(first: 100) { edges { node { id label current } } } } }
      }
    }
  }
`;

const switchMutation = graphql`
  mutation SignInSwitchMutation($input: SwitchAccountInput!) {
    switchAccount(input: $input) { __typename ... on Error { code message } }
  }
`;

type Account = { id: string; label: string; current: boolean };

export default function SignIn() {
  const { t } = useTranslation();
  // Onboarding sends people who already have a password here with ?email=...&id_house=...
  const [prefill] = useState(() => new URLSearchParams(window.location.search));
  const houseId = Number(prefill.get('id_house')) || null;
  const [email, setEmail] = useState(prefill.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const signIn = useAppMutation<SignInMutation>(signInMutation);
  const switchAccount = useAppMutation<SignInSwitchMutation>(switchMutation);
  const canSubmit = email.trim() !== '' && password !== '';

  // Back to the page that asked for sign-in; always a path of this site ("//host" would leave it).
  const enter = () => {
    const path = window.location.pathname.replace(/^\/+/, '/');
    window.location.assign(path === '/login' ? '/' : path + window.location.search);
  };

  const submit = async () => {
    if (!canSubmit) return;
    const result = await signIn.run({ input: { email, password, ...(houseId ? { houseId } : {}) } }, 'signIn', { notifyTypedError: false });
    const data = result && 'data' in result ? result.data : null;
    if (!data) return;
    const list = data.session.accounts.edges.map((e) => e.node);
    if (list.length > 1 && !houseId) {
      setAccounts(list);
      setChosen(list.find((a) => a.current)?.id ?? list[0].id);
    } else enter();
  };

  const choose = async () => {
    const current = accounts?.find((a) => a.current);
    if (chosen && chosen !== current?.id) {
      sessionStorage.setItem('switching', '1');
      if (!(await switchAccount.run({ input: { accountId: chosen } }, 'switchAccount'))) return;
    }
    enter();
  };

  if (accounts) {
    return (
      <PublicLayout title={t('signIn.chooseHouse')}>
        <Radio.Group value={chosen} onChange={setChosen} label={t('signIn.house')}>
          <Stack mt="xs">
            {accounts.map((a) => (
              <Radio key={a.id} value={a.id} label={a.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Button onClick={choose} loading={switchAccount.inFlight}>
          {t('signIn.submit')}
        </Button>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t('signIn.title')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput label={t('signIn.email')} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput label={t('signIn.password')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          {signIn.error && (
            <Text c="red" size="sm" role="alert">
              {signIn.error.message}
            </Text>
          )}
          <Button type="submit" disabled={!canSubmit} loading={signIn.inFlight}>
            {t('signIn.submit')}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/recover-password" size="sm">
              {t('signIn.forgot')}
            </Anchor>
            <Anchor component={Link} to="/sign-up" size="sm">
              {t('signIn.signUp')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </PublicLayout>
  );
}
