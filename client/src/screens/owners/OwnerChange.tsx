import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { fetchQuery, graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnerChangeQuery } from '../../__generated__/OwnerChangeQuery.graphql';
import type { OwnerChangeCandidateQuery, OwnerChangeCandidateQuery$data } from '../../__generated__/OwnerChangeCandidateQuery.graphql';
import type { OwnerChangeMutation } from '../../__generated__/OwnerChangeMutation.graphql';
import { notify } from '../../components/notify.js';
import { errorMessage } from '../../components/errors.js';
import { issuesByField, useOutcomeMutation } from './outcome.js';
import { ownerWasInvited } from './ownerChangeOutcome.js';

const query = graphql`
  query OwnerChangeQuery($id: ID!) {
    house: node(id: $id) {
      ... on House {
        id databaseId label catastral status
        owner { id firstName lastName email mobile }
        pendingOwnerEmail
        ownerChanges { createdAt fromName toName changedByName }
      }
    }
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const fullName = (p: { firstName: string; lastName?: string | null }) => [p.firstName, p.lastName].filter(Boolean).join(' ');

/**
 * /owners/{houseId}/change: the new owner is named by e-mail. A person of this community is assigned at
 * once; anyone else is registered with the data typed, or (when they already have an account elsewhere)
 * invited: the house changes hands when they accept, and meanwhile only the e-mail typed is shown.
 */
export default function OwnerChange() {
  const { houseId } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const data = useLazyLoadQuery<OwnerChangeQuery>(query, { id: btoa(`House:${houseId}`) }, { fetchPolicy: 'network-only' });
  const [email, setEmail] = useState('');
  const [searched, setSearched] = useState<{ email: string; candidate: Candidate | null } | null>(null);
  const [searching, setSearching] = useState(false);
  const [person, setPerson] = useState({ firstName: '', lastName: '', mobile: '' });
  const [issues, setIssues] = useState<Record<string, string>>({});
  const change = useOutcomeMutation<OwnerChangeMutation>(changeMutation);
  const house = data.house;
  if (!house || house.id === undefined || house.databaseId === undefined) return <Alert color="yellow">{t('owners.notFound')}</Alert>;

  const search = async () => {
    const typed = email.trim().toLowerCase();
    if (!EMAIL.test(typed)) {
      setIssues({ email: t('owners.change.invalidEmail') });
      return;
    }
    setIssues({});
    setSearching(true);
    try {
      const found = await fetchQuery<OwnerChangeCandidateQuery>(environment, candidateQuery, { email: typed }, { fetchPolicy: 'network-only' }).toPromise();
      setSearched({ email: typed, candidate: found?.ownerCandidate ?? null });
    } catch {
      notify('danger', errorMessage(null));
    } finally {
      setSearching(false);
    }
  };

  const assign = async (newOwner: { email: string; firstName?: string; lastName?: string | null; mobile?: string | null }) => {
    const outcome = await change.run({ input: { id: house.id!, newOwner } }, 'changeHouseOwner');
    if ('ok' in outcome) {
      const changed = (outcome.ok as { data?: { house?: { pendingOwnerEmail?: string | null; owner?: { email: string } | null } } } | undefined)?.data?.house;
      // The server keeps the e-mail trimmed and lowercase: compared the same way, the notice shows what it stored.
      if (ownerWasInvited(newOwner.email, changed)) notify('success', t('owners.change.invited', { email: changed!.pendingOwnerEmail }));
      else notify('success', t('owners.change.done'));
      navigate('/owners');
    } else if ('failed' in outcome) {
      const byField = issuesByField(outcome.failed);
      setIssues(Object.fromEntries(Object.entries(byField).map(([k, v]) => [k.replace(/^newOwner\./, '').replace(/^owner\./, ''), v])));
      notify('danger', outcome.failed.message ?? '');
    }
  };

  const current = house.owner;
  return (
    <Stack maw={760}>
      <Title order={2}>{t('owners.change.title', { label: house.label })}</Title>
      <Paper withBorder p="md">
        <Text size="xs" c="dimmed">
          {t('owners.change.current')}
        </Text>
        {current ? (
          <Text>
            {fullName(current)} &lt;{current.email}&gt;
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

      <form
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t('owners.change.email')}
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setSearched(null);
            }}
            error={issues.email}
            w={360}
          />
          <Button type="submit" loading={searching}>
            {t('owners.change.search')}
          </Button>
        </Group>
      </form>

      {searched?.candidate && (
        <Paper withBorder p="md">
          <Text size="xs" c="dimmed">
            {t('owners.change.found')}
          </Text>
          <Text fw={500}>{fullName(searched.candidate)}</Text>
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
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (!person.firstName.trim()) {
                  setIssues({ firstName: t('form.required') });
                  return;
                }
                void assign({
                  email: searched.email,
                  firstName: person.firstName.trim(),
                  lastName: person.lastName.trim() || null,
                  mobile: person.mobile.trim() || null,
                });
              }}
            >
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label={t('owners.form.firstName')}
                  withAsterisk
                  value={person.firstName}
                  onChange={(e) => setPerson({ ...person, firstName: e.currentTarget.value })}
                  error={issues.firstName}
                />
                <TextInput
                  label={t('owners.form.lastName')}
                  value={person.lastName}
                  onChange={(e) => setPerson({ ...person, lastName: e.currentTarget.value })}
                  error={issues.lastName}
                />
                <TextInput
                  label={t('owners.form.mobile')}
                  inputMode="tel"
                  value={person.mobile}
                  onChange={(e) => setPerson({ ...person, mobile: e.currentTarget.value })}
                  error={issues.mobile}
                />
              </SimpleGrid>
              <Button type="submit" mt="sm" loading={change.inFlight}>
                {t('owners.change.registerAndAssign')}
              </Button>
            </form>
          </Paper>
        </Stack>
      )}

      <Group>
        <Button variant="default" component={Link} to="/owners">
          {t('owners.change.back')}
        </Button>
      </Group>

      <Title order={3}>{t('owners.change.history')}</Title>
      {house.ownerChanges && house.ownerChanges.length > 0 ? (
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
            {house.ownerChanges.map((c) => (
              <Table.Tr key={`${c.createdAt}-${c.fromName ?? ''}-${c.toName}`}>
                <Table.Td>{new Date(String(c.createdAt)).toLocaleString('es-MX', { dateStyle: 'medium', timeStyle: 'short' })}</Table.Td>
                <Table.Td>{c.fromName ?? '—'}</Table.Td>
                <Table.Td>{c.toName}</Table.Td>
                <Table.Td>{c.changedByName ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed">{t('owners.change.noHistory')}</Text>
      )}
    </Stack>
  );
}
