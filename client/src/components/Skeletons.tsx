// Placeholders shaped like the screen that is loading, so the page does not jump when it arrives: a
// list (header, filter bar, table rows, pager), a form (labelled fields, buttons), the dashboard's
// cards, or a plain page.
import { Box, Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

export type SkeletonKind = 'list' | 'form' | 'page' | 'dashboard' | 'public';

export function ScreenSkeleton({ kind = 'page' }: { kind?: SkeletonKind }) {
  if (kind === 'public') return <PublicSkeleton />;
  return (
    <Stack gap="md" aria-busy="true" aria-label="Cargando" data-testid={`skeleton-${kind}`}>
      <HeaderSkeleton action={kind === 'list'} />
      {kind === 'list' && <ListSkeleton />}
      {kind === 'form' && <FormSkeleton />}
      {kind === 'dashboard' && <DashboardSkeleton />}
      {kind === 'page' && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Skeleton height={14} width="70%" />
            <Skeleton height={14} width="55%" />
            <Skeleton height={14} width="62%" />
            <Skeleton height={36} width={140} mt="xs" />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** Title, the line under it and, for lists, the main button on the right (PageHeader's places). */
function HeaderSkeleton({ action }: { action: boolean }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Stack gap={8} style={{ flex: '1 1 200px' }} maw={420}>
        <Skeleton height={30} width="70%" />
        <Skeleton height={12} width="90%" />
      </Stack>
      {action && <Skeleton height={36} width={150} />}
    </Group>
  );
}

export function ListSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Stack gap={4} style={{ flex: '1 1 200px' }} maw={360}>
          <Skeleton height={12} width={120} />
          <Skeleton height={36} />
        </Stack>
        <Skeleton height={36} width={110} />
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Group gap="md" px="md" py="sm" wrap="nowrap" bg="var(--mantine-color-default-hover)">
          <Skeleton height={12} width="30%" />
          <Skeleton height={12} width="20%" />
          <Skeleton height={12} width="15%" ml="auto" />
        </Group>
        {Array.from({ length: rows }, (_, i) => `row-${i}`).map((key, i) => (
          <Group key={key} gap="md" px="md" py={12} wrap="nowrap" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Skeleton height={14} width={`${28 + ((i * 7) % 14)}%`} />
            <Skeleton height={14} width="18%" />
            <Skeleton height={14} width="10%" ml="auto" />
          </Group>
        ))}
      </Paper>
      <Group justify="space-between">
        <Skeleton height={14} width={90} />
        <Group gap="xs">
          <Skeleton height={32} width={90} />
          <Skeleton height={32} width={160} />
        </Group>
      </Group>
    </Stack>
  );
}

export function FormSkeleton({ fields = 6 }: { fields?: number }) {
  return (
    <Stack gap="md" maw={560}>
      {Array.from({ length: fields }, (_, i) => `field-${i}`).map((key, i) => (
        <Stack key={key} gap={6}>
          <Skeleton height={12} width={100 + ((i * 37) % 80)} />
          <Skeleton height={36} />
        </Stack>
      ))}
      <Group gap="sm" mt="xs">
        <Skeleton height={36} width={110} />
        <Skeleton height={36} width={110} />
      </Group>
    </Stack>
  );
}

export function DashboardSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {['first', 'second', 'third'].map((key) => (
        <Paper key={key} withBorder p="md" radius="md">
          <Stack gap="sm">
            <Skeleton height={18} width="45%" />
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
              {Array.from({ length: 6 }, (_, i) => `${key}-${i}`).map((cell) => (
                <Skeleton key={cell} height={56} />
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** A signed-out page in its frame (PublicLayout): the product's name above one card of fields. */
function PublicSkeleton() {
  return (
    <Box mih="100vh" bg="gray.0" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 56 }} aria-busy="true" aria-label="Cargando" data-testid="skeleton-public">
      <Stack align="center" gap="lg">
        <Skeleton height={36} width={200} />
        <Paper withBorder shadow="md" p={{ base: 'lg', sm: 32 }} radius="lg" w={440} maw="100%">
          <Stack gap="lg">
            <Skeleton height={28} width="60%" />
            <FormSkeleton fields={3} />
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}
