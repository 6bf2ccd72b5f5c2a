import { useMemo } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { GatewayKeysQuery } from '../../../__generated__/GatewayKeysQuery.graphql';
import type { GatewayKeys_keys$key } from '../../../__generated__/GatewayKeys_keys.graphql';
import type { GatewayKeysMutation } from '../../../__generated__/GatewayKeysMutation.graphql';
import { gatewayKeysSchema } from '../../../../../core/communitySettings.js';
import { field, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import type { ScreenProps } from '../../../router/screenRoute.js';

export const gatewayKeysQuery = graphql`
  query GatewayKeysQuery {
    gatewayKeys { ...GatewayKeys_keys }
  }
`;

const keysFragment = graphql`
  fragment GatewayKeys_keys on GatewayKeys {
    id
    gatewayAccountId
    gatewayPublicKey
    hasGatewayPrivateKey
    sandbox
    gatewayClabe
    configured
  }
`;

const saveMutation = graphql`
  mutation GatewayKeysMutation($input: UpdateGatewayKeysInput!) {
    updateGatewayKeys(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateGatewayKeysSuccess { data { gatewayKeys { ...GatewayKeys_keys } } }
    }
  }
`;

/** /neighborhood/settings/openpay-keys/form: the card gateway's account and keys; the private key is write-only. */
export default function GatewayKeys({ queryRef }: ScreenProps<GatewayKeysQuery>) {
  const data = usePreloadedQuery<GatewayKeysQuery>(gatewayKeysQuery, queryRef);
  return <GatewayKeysForm keys={data.gatewayKeys} />;
}

function GatewayKeysForm({ keys: key }: { keys: GatewayKeys_keys$key }) {
  const { t } = useTranslation();
  const keys = useFragment(keysFragment, key);
  const schema = useMemo(() => gatewayKeysSchema({ hasPrivateKey: keys.hasGatewayPrivateKey }), [keys.hasGatewayPrivateKey]);
  const form = useZodForm(schema, {
    defaultValues: {
      gatewayAccountId: keys.gatewayAccountId ?? '',
      gatewayPublicKey: keys.gatewayPublicKey ?? '',
      gatewayPrivateKey: '',
      sandbox: keys.sandbox,
      gatewayClabe: keys.gatewayClabe ?? '',
    },
  });
  const mutation = useAppMutation<GatewayKeysMutation>(saveMutation);

  const save = form.handleSubmit(async (values) => {
    const ok = await mutation.run({ input: values }, 'updateGatewayKeys', { form, success: t('community.gateway.saved') });
    // The private key never stays in the page once it is stored.
    if (ok) form.setValue('gatewayPrivateKey', '');
  });

  return (
    <Stack maw={640}>
      <PageHeader title={t('community.gateway.title')} description={t('community.gateway.description')} />
      <Alert color={keys.configured ? 'green' : 'yellow'} variant="light">
        {keys.configured ? t('community.gateway.configured') : t('community.gateway.notConfigured')}
      </Alert>
      <form onSubmit={save} noValidate autoComplete="off">
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <TextInput label={t('community.gateway.accountId')} required autoComplete="off" spellCheck={false} {...field(form, 'gatewayAccountId')} />
              <TextInput
                label={t('community.gateway.publicKey')}
                description={t('community.gateway.publicKeyHint')}
                required
                autoComplete="off"
                spellCheck={false}
                {...field(form, 'gatewayPublicKey')}
              />
              <PasswordInput
                label={t('community.gateway.privateKey')}
                description={keys.hasGatewayPrivateKey ? t('community.gateway.privateKeyStored') : t('community.gateway.privateKeyHint')}
                required={!keys.hasGatewayPrivateKey}
                autoComplete="new-password"
                {...field(form, 'gatewayPrivateKey')}
              />
              <Controller
                control={form.control}
                name="sandbox"
                render={({ field: f }) => (
                  <Switch
                    label={t('community.gateway.sandbox')}
                    description={t('community.gateway.sandboxHint')}
                    checked={!!f.value}
                    onChange={(e) => f.onChange(e.currentTarget.checked)}
                  />
                )}
              />
              <TextInput
                label={t('community.gateway.clabe')}
                description={t('community.gateway.clabeHint')}
                inputMode="numeric"
                maxLength={18}
                autoComplete="off"
                spellCheck={false}
                {...field(form, 'gatewayClabe')}
              />
            </Stack>
          </Paper>
          <Group>
            <Button type="submit" loading={mutation.inFlight}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
