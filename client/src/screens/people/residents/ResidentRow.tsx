import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ResidentRow_resident$key } from '../../../__generated__/ResidentRow_resident.graphql';
import { personName } from '../../../../../core/houseLabel.js';

const residentFragment = graphql`
  fragment ResidentRow_resident on Resident {
    id
    databaseId
    firstName
    lastName
    email
    mobile
    pending
    accountActive
    accreditationFileUrl
    accreditationFileName
    canEdit
    canDelete
    role { name }
  }
`;

export interface ResidentTarget {
  id: string;
  name: string;
}

/** The name the house may show: the person's own once they accepted, the e-mail typed while invited. */
export const shownName = (r: { pending: boolean; email: string; firstName: string; lastName?: string | null }) => (r.pending ? r.email : personName(r));

/** One resident of the list: name and e-mail, status, mobile, role, accreditation and the actions the server allows. */
export function ResidentRow({
  resident: key,
  editPath,
  onDelete,
}: {
  resident: ResidentRow_resident$key;
  editPath: (databaseId: number) => string;
  onDelete: (target: ResidentTarget) => void;
}) {
  const { t } = useTranslation();
  const r = useFragment(residentFragment, key);
  const name = shownName(r);
  const status = r.pending ? 'invited' : r.accountActive ? 'active' : 'inactive';
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {name}
          </Text>
          {!r.pending && (
            <Text size="xs" c="dimmed">
              {r.email}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Badge variant="light" color={{ invited: 'yellow', active: 'green', inactive: 'gray' }[status]} size="sm" miw="max-content">
          {t(`residents.status.${status}`)}
        </Badge>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.mobile ?? '—'}</Table.Td>
      <Table.Td>{r.role.name}</Table.Td>
      <Table.Td>
        {r.accreditationFileUrl ? (
          <Anchor href={r.accreditationFileUrl} target="_blank" rel="noopener" size="sm">
            {r.accreditationFileName ?? t('residents.viewFile')}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {r.canEdit && (
            <Button size="xs" variant="subtle" component={Link} to={editPath(r.databaseId)}>
              {t('list.edit')}
            </Button>
          )}
          {r.canDelete && (
            <Button size="xs" variant="subtle" color="red" onClick={() => onDelete({ id: r.id, name })}>
              {t('list.delete')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
