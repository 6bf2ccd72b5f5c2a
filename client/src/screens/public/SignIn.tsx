// The sign-in page: the first thing every visitor loads, so it carries no router and no Relay runtime
// (plain fetch of its generated operations; links are plain page loads).
import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { graphql } from 'relay-runtime';
import { useTranslation } from 'react-i18next';
import SignInOperation, { type SignInMutation } from '../../__generated__/SignInMutation.graphql.js';
import SwitchOperation, { type SignInSwitchMutation } from '../../__generated__/SignInSwitchMutation.graphql.js';
import type { SignInCredentials } from '../../../../core/signIn.js';
import { field, useLazyZodForm } from '../../components/forms.js';
import { useFetchMutation } from '../../components/mutationResult.js';
import { notify } from '../../components/notify.js';
import { SESSION_CLOSED_FLAG } from '../../relay/request.js';
import { returnPath, SIGNED_IN_HINT } from '../../router/session.js';
import { PublicLayout } from './PublicLayout.js';

// Compiled by relay-compiler into the artifacts imported above; sent over plain fetch.
graphql`
  mutation SignInMutation($input: SignInInput!) {
    signIn(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationSignInSuccess {
        data { session { grants superAdmin accounts(first: 100) { edges { node { id label current } } } } }
      }
    }
  }
`;

graphql`
  mutation SignInSwitchMutation($input: SwitchAccountInput!) {
    switchAccount(input: $input) { __typename ... on Error { code message } }
  }
`;

type Account = { id: string; label: string; current: boolean };

const loadCredentials = (): Promise<typeof SignInCredentials> => import('../../../../core/signIn.js').then((m) => m.SignInCredentials);

// Sign-in's head start on the app: the signed-in routes' code (Relay, the shell, the route table), then the
// code of the screen the account lands on, download while the server checks the password and the account
// is chosen. Signed in, the app opens in this page (main.tsx), where that code is already running; where
// sign-in ends in a page load instead, the page is left once the code is in the browser's cache (or after
// 3 s), as the next page would only ask for it again.
const loadApp = () => import('../../signedIn.js');
const PRELOAD_WAIT_MS = 3000;

/** `onSignedIn` opens the app at the given address in this page; without it, sign-in loads that page. */
export default function SignIn({ onSignedIn }: { onSignedIn?: (path: string) => Promise<void> }) {
  const { t } = useTranslation();
  // Onboarding sends people who already have a password here with ?email=...&id_house=...
  const [prefill] = useState(() => new URLSearchParams(window.location.search));
  const houseId = Number(prefill.get('id_house')) || null;
  const form = useLazyZodForm(loadCredentials, { defaultValues: { email: prefill.get('email') ?? '', password: '' } });
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const signIn = useFetchMutation<SignInMutation['response']>(SignInOperation);
  const switchAccount = useFetchMutation<SignInSwitchMutation['response']>(SwitchOperation);
  const preloaded = useRef<Promise<unknown>>(Promise.resolve());
  const [entering, setEntering] = useState(false);
  const [email, password] = form.watch(['email', 'password']);

  useEffect(() => {
    if (!sessionStorage.getItem(SESSION_CLOSED_FLAG)) return;
    sessionStorage.removeItem(SESSION_CLOSED_FLAG);
    notify('warning', t('errors.sessionClosed'));
  }, [t]);

  // Back to the page that asked for sign-in.
  const enter = async () => {
    setEntering(true);
    if (onSignedIn) return onSignedIn(returnPath());
    await Promise.race([preloaded.current, new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS))]);
    window.location.assign(returnPath());
  };

  const submit = form.handleSubmit(async (values) => {
    const app = loadApp();
    app.catch(() => undefined);
    const result = await signIn.run({ input: { ...values, ...(houseId ? { houseId } : {}) } }, 'signIn', { form, notifyTypedError: false });
    const data = result && 'data' in result ? result.data : null;
    if (!data) return;
    localStorage.setItem(SIGNED_IN_HINT, '1');
    const { grants, superAdmin } = data.session;
    preloaded.current = app.then((m) => m.preloadLanding(returnPath(), grants, superAdmin)).catch(() => undefined);
    const list = data.session.accounts.edges.map((e) => e.node);
    if (list.length > 1 && !houseId) {
      setAccounts([...list]);
      setChosen(list.find((a) => a.current)?.id ?? list[0].id);
    } else await enter();
  });

  const choose = async () => {
    const current = accounts?.find((a) => a.current);
    if (chosen && chosen !== current?.id) {
      sessionStorage.setItem('switching', '1');
      if (!(await switchAccount.run({ input: { accountId: chosen } }, 'switchAccount'))) return;
    }
    await enter();
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
        <Button onClick={choose} loading={switchAccount.inFlight || entering}>
          {t('signIn.submit')}
        </Button>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t('signIn.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('signIn.email')} type="email" autoComplete="username" {...field(form, 'email')} />
          <PasswordInput label={t('signIn.password')} autoComplete="current-password" {...field(form, 'password')} />
          {signIn.error && (
            <Text c="red" size="sm" role="alert">
              {signIn.error.message}
            </Text>
          )}
          <Button type="submit" disabled={!email?.trim() || !password} loading={signIn.inFlight || entering}>
            {t('signIn.submit')}
          </Button>
          <Group justify="space-between">
            <Anchor href="/recover-password" size="sm">
              {t('signIn.forgot')}
            </Anchor>
            <Anchor href="/sign-up" size="sm">
              {t('signIn.signUp')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </PublicLayout>
  );
}
