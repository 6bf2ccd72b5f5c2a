// Placeholders shaped like the screen that is loading: a list (header, filter bar, rows) or a form.
import { Group, Skeleton, Stack } from '@mantine/core';

export type SkeletonKind = 'list' | 'form' | 'page';

export function ScreenSkeleton({ kind = 'page' }: { kind?: SkeletonKind }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Cargando" data-testid={`skeleton-${kind}`}>
      <Group justify="space-between">
        <Skeleton height={32} width={240} />
        {kind === 'list' && <Skeleton height={36} width={140} />}
      </Group>
      {kind === 'list' && <ListSkeleton />}
      {kind === 'form' && <FormSkeleton />}
      {kind === 'page' && (
        <>
          <Skeleton height={16} width="60%" />
          <Skeleton height={120} />
        </>
      )}
    </Stack>
  );
}

export function ListSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <Stack gap="xs">
      <Skeleton height={36} width="50%" />
      {Array.from({ length: rows }, (_, i) => `row-${i}`).map((key) => (
        <Skeleton key={key} height={28} />
      ))}
    </Stack>
  );
}

export function FormSkeleton({ fields = 6 }: { fields?: number }) {
  return (
    <Stack gap="sm" maw={720}>
      {Array.from({ length: fields }, (_, i) => `field-${i}`).map((key) => (
        <Stack key={key} gap={4}>
          <Skeleton height={12} width={140} />
          <Skeleton height={36} />
        </Stack>
      ))}
      <Skeleton height={36} width={120} />
    </Stack>
  );
}
