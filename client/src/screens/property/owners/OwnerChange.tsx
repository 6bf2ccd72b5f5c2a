import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { fetchQuery, graphql, useFragment, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnerChangeQuery } from '../../../__generated__/OwnerChangeQuery.graphql';
import type { OwnerChange_house$key } from '../../../__generated__/OwnerChange_house.graphql';
import type { OwnerChangeHistory_house$key } from '../../../__generated__/OwnerChangeHistory_house.graphql';
import type { OwnerChangeCandidateQuery, OwnerChangeCandidateQuery$data } from '../../../__generated__/OwnerChangeCandidateQuery.graphql';
import type { OwnerChangeMutation } from '../../../__generated__/OwnerChangeMutation.graphql';
import { NewOwnerSchema, OwnerSchema } from '../../../../../core/houses.js';
import { field, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { settleCallError } from '../../../components/mutationResult.js';
import { PageHeader } from '../../../components/PageHeader.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { ownerWasInvited } from './ownerChangeOutcome.js';
import { personName } from '../../../../../core/houseLabel.js';

export const ownerChangeQuery = graphql`
  query OwnerChangeQuery($id: ID!) {
    node(id: $id) { ...OwnerChange_house @alias }
  }
`;

const houseFragment = graphql`
  fragment OwnerChange_house on House {
    id label
    owner { id firstName lastName email }
    pendingOwnerEmail
    ...OwnerChangeHistory_house
  }
`;

const historyFragment = graphql`
  fragment OwnerChangeHistory_house on House {
    ownerChanges { createdAt fromName toName changedByName }
  }
`;

const candidateQuery = graphql`
  query OwnerChangeCandidateQuery($email: String!) {
    ownerCandidate(email: $email) { id firstName lastName email }
  }
`;

const changeMutation = graphql`
  mutation OwnerChangeMutation($input: ChangeHouseOwnerInput!) {
    changeHouseOwner(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationChangeHouseOwnerSuccess {
        data { house { id ownerHasAccount owner { id firstName lastName email } pendingOwnerEmail ownerChanges { createdAt fromName toName changedByName } } }
      }
    }
  }
`;

type Candidate = NonNullable<OwnerChangeCandidateQuery$data['ownerCandidate']>;

/** The e-mail that names the new owner. */
const SearchSchema = NewOwnerSchema.pick({ email: true });
/** A person new to this community: the name is required, as for any owner. */
const PersonSchema = NewOwnerSchema.pick({ lastName: true, mobile: true }).extend({ firstName: OwnerSchema.shape.firstName });

/**
 * /owners/{houseId}/change: the new owner is named by e-mail. A person of this community is assigned at
 * once; anyone else is registered with the data typed, or (when they already have an account elsewhere)
 * invited: the house changes hands when they accept, and meanwhile only the e-mail typed is shown.
 */
export default function OwnerChange({ queryRef }: ScreenProps<OwnerChangeQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<OwnerChangeQuery>(ownerChangeQuery, queryRef);
  const house = data.node?.OwnerChange_house;
  if (!house) return <Alert color="yellow">{t('owners.notFound')}</Alert>;
  return <Change house={house} />;
}

function Change({ house: houseKey }: { house: OwnerChange_house$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const house = useFragment(houseFragment, houseKey);
  const searchForm = useZodForm(SearchSchema, { defaultValues: { email: '' } });
  const personForm = useZodForm(PersonSchema, { defaultValues: { firstName: '', lastName: '', mobile: '' } });
  const [searched, setSearched] = useState<{ email: string; candidate: Candidate | null } | null>(null);
  const change = useAppMutation<OwnerChangeMutation>(changeMutation);

  const search = searchForm.handleSubmit(async ({ email }) => {
    try {
      const found = await fetchQuery<OwnerChangeCandidateQuery>(environment, candidateQuery, { email }, { fetchPolicy: 'network-only' }).toPromise();
      setSearched({ email, candidate: found?.ownerCandidate ?? null });
    } catch (e) {
      settleCallError(e);
    }
  });

  const assign = async (newOwner: { email: string; firstName?: string; lastName?: string | null; mobile?: string | null }) => {
    const result = await change.run({ input: { id: house.id, newOwner } }, 'changeHouseOwner', {
      form: newOwner.firstName ? personForm : undefined,
      // Whether the person became the owner or was invited is known only from the answer: the notice says which.
      success: (answer: OwnerChangeMutation['response']['changeHouseOwner']) => {
        const changed = answer && 'data' in answer ? answer.data?.house : null;
        return ownerWasInvited(newOwner.email, changed) ? t('owners.change.invited', { email: changed!.pendingOwnerEmail }) : t('owners.change.done');
      },
    });
    if (result) navigate('/owners');
  };

  const register = personForm.handleSubmit((person) => assign({ email: searched!.email, ...person }));
  const current = house.owner;

  return (
    <Stack maw={760}>
      <PageHeader title={t('owners.change.title', { label: house.label })} secondary={{ label: t('owners.change.back'), to: '/owners' }} />
      <Paper withBorder p="md">
        <Text size="xs" c="dimmed">
          {t('owners.change.current')}
        </Text>
        {current ? (
          <Text>
            {personName(current)} &lt;{current.email}&gt;
          </Text>
        ) : (
          <Text c="dimmed">{t('owners.noOwner')}</Text>
        )}
        {house.pendingOwnerEmail && (
          <Text size="sm" c="orange" mt="xs">
            {t('owners.change.pending', { email: house.pendingOwnerEmail })}
          </Text>
        )}
      </Paper>

      <form onSubmit={search} noValidate>
        <Group align="flex-start">
          <TextInput
            label={t('owners.change.email')}
            type="email"
            {...field(searchForm, 'email')}
            onChange={(e) => {
              void searchForm.register('email').onChange(e);
              setSearched(null);
            }}
            w={{ base: '100%', xs: 360 }}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} loading={searchForm.formState.isSubmitting}>
            {t('owners.change.search')}
          </Button>
        </Group>
      </form>

      {searched?.candidate && (
        <Paper withBorder p="md">
          <Text size="xs" c="dimmed">
            {t('owners.change.found')}
          </Text>
          <Text fw={500}>{personName(searched.candidate)}</Text>
          <Text size="sm">{searched.candidate.email}</Text>
          <Button
            mt="sm"
            onClick={() => void assign({ email: searched.candidate!.email })}
            loading={change.inFlight}
            disabled={searched.candidate.id === current?.id}
          >
            {t('owners.change.assign')}
          </Button>
        </Paper>
      )}

      {searched && !searched.candidate && (
        <Stack>
          <Alert color="yellow">{t('owners.change.noUser', { email: searched.email })}</Alert>
          <Paper withBorder p="md">
            <Text fw={500} mb="xs">
              {t('owners.change.register')}
            </Text>
            <form onSubmit={register} noValidate>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label={t('owners.form.firstName')} withAsterisk {...field(personForm, 'firstName')} />
                <TextInput label={t('owners.form.lastName')} {...field(personForm, 'lastName')} />
                <TextInput label={t('owners.form.mobile')} inputMode="tel" {...field(personForm, 'mobile')} />
              </SimpleGrid>
              <Button type="submit" mt="sm" loading={change.inFlight}>
                {t('owners.change.registerAndAssign')}
              </Button>
            </form>
          </Paper>
        </Stack>
      )}

      <History house={house} />
    </Stack>
  );
}

function History({ house }: { house: OwnerChangeHistory_house$key }) {
  const { t } = useTranslation();
  const { ownerChanges } = useFragment(historyFragment, house);
  return (
    <>
      <Title order={3}>{t('owners.change.history')}</Title>
      {ownerChanges && ownerChanges.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={t('owners.change.history')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('owners.change.date')}</Table.Th>
                <Table.Th>{t('owners.change.from')}</Table.Th>
                <Table.Th>{t('owners.change.to')}</Table.Th>
                <Table.Th>{t('owners.change.by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ownerChanges.map((c) => (
                <Table.Tr key={`${c.createdAt}-${c.fromName ?? ''}-${c.toName}`}>
                  <Table.Td>{new Date(String(c.createdAt)).toLocaleString('es-MX', { dateStyle: 'medium', timeStyle: 'short' })}</Table.Td>
                  <Table.Td>{c.fromName ?? '—'}</Table.Td>
                  <Table.Td>{c.toName}</Table.Td>
                  <Table.Td>{c.changedByName ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text c="dimmed">{t('owners.change.noHistory')}</Text>
      )}
    </>
  );
}
