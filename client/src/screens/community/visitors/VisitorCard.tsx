import { Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VisitorCard_visitor$key } from '../../../__generated__/VisitorCard_visitor.graphql';
import { photoUrl, statusOf, whenOf } from './visitorTexts.js';

const fragment = graphql`
  fragment VisitorCard_visitor on Visitor {
    id databaseId name reference houseLabel vehiclePlate photoFileId inside insideSince warning canRegisterPassage
    visitorType entryDate entryHour entryMinute departureDate departureHour departureMinute
  }
`;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** A visitor at the gate: photo, name, code, house, plates, status and warning; entry or departure. */
export function VisitorCard({ visitor }: { visitor: VisitorCard_visitor$key }) {
  const { t } = useTranslation();
  const v = useFragment(fragment, visitor);
  const badge = v.inside ? statusOf(t, v) : { label: t('visitors.status.outside'), color: 'gray' };
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`gate-visitor-${v.databaseId}`}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={v.photoFileId ? photoUrl(v.photoFileId) : null} alt={t('visitors.security.photoOf', { name: v.name })} size={56} radius="md">
            {initials(v.name)}
          </Avatar>
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Text fw={700} size="md" style={{ overflowWrap: 'anywhere' }}>
              {v.name}
            </Text>
            <Text size="sm" ff="monospace">
              {t('visitors.code', { reference: v.reference })}
            </Text>
            <Text size="sm" c="dimmed">
              {v.houseLabel ?? t('visitors.forAdministration')}
              {v.vehiclePlate ? ` · ${t('visitors.plate', { plate: v.vehiclePlate })}` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {whenOf(t, v)}
            </Text>
            <Badge color={badge.color} variant="light" tt="none" mt={2} style={{ maxWidth: '100%' }}>
              {badge.label}
            </Badge>
          </Stack>
        </Group>
        {v.warning && !v.inside && (
          <Text size="sm" c="orange.8" role="note">
            {v.warning}
          </Text>
        )}
        {v.canRegisterPassage && (
          <Group grow>
            {v.inside ? (
              <Button component={Link} to={`/security/visitors/${v.databaseId}/departure`} color="gray" size="md">
                {t('visitors.security.departure')}
              </Button>
            ) : (
              <Button component={Link} to={`/security/visitors/${v.databaseId}/entry`} size="md">
                {t('visitors.security.entry')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
