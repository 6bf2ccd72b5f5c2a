import { useMemo, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MaintenanceSettingsQuery } from '../../../../__generated__/MaintenanceSettingsQuery.graphql';
import type { MaintenanceSettings_settings$key } from '../../../../__generated__/MaintenanceSettings_settings.graphql';
import type { MaintenanceSettingsUpdateMutation } from '../../../../__generated__/MaintenanceSettingsUpdateMutation.graphql';
import { capDay, dueDates, type FeeType, type MaintenanceSettingsInput, MaintenanceSettingsSchema } from '../../../../../../core/maintenance.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { QuantityField } from '../../../../components/QuantityField.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { formatDate, periodInText } from '../../../../format.js';

export const maintenanceSettingsQuery = graphql`
  query MaintenanceSettingsQuery {
    maintenanceSettings { ...MaintenanceSettings_settings }
  }
`;

const settingsFragment = graphql`
  fragment MaintenanceSettings_settings on MaintenanceSettings {
    id
    configured
    cutoffDay
    hasDiscount
    earlyPaymentDiscountType
    earlyPaymentDiscount
    discountEndDay
    hasPenalty
    penaltyFeeType
    penaltyFee
    deadlineDay
    incomeAccountingAccount
    penaltyAccountingAccount
    discountAccountingAccount
    bankEnabled
    storeEnabled
    cardEnabled
    gatewayFeePaidByPayer
    gatewayDashboardUrl
    integratorClientId
    environmentUrl
    fees { houseTypeId title amount }
  }
`;

const updateMutation = graphql`
  mutation MaintenanceSettingsUpdateMutation($input: UpdateMaintenanceSettingsInput!) {
    updateMaintenanceSettings(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateMaintenanceSettingsSuccess { data { maintenanceSettings { ...MaintenanceSettings_settings } } }
    }
  }
`;

type Form = UseFormReturn<MaintenanceSettingsInput, unknown, any>;

/** /neighborhood/settings/maintenance: the monthly fee of each house type, its discount, penalty, payment methods and accounts. */
export default function MaintenanceSettings({ queryRef }: ScreenProps<MaintenanceSettingsQuery>) {
  const data = usePreloadedQuery<MaintenanceSettingsQuery>(maintenanceSettingsQuery, queryRef);
  return <MaintenanceSettingsForm settings={data.maintenanceSettings} />;
}

function MaintenanceSettingsForm({ settings: key }: { settings: MaintenanceSettings_settings$key }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const settings = useFragment(settingsFragment, key);
  const canSave = grants.has('CMaintenancesUpdate');
  const form = useZodForm(MaintenanceSettingsSchema, {
    defaultValues: {
      cutoffDay: settings.cutoffDay ?? '',
      hasDiscount: settings.hasDiscount,
      earlyPaymentDiscountType: settings.earlyPaymentDiscountType === 'AMOUNT' ? 'AMOUNT' : 'PERCENTAGE',
      earlyPaymentDiscount: (settings.earlyPaymentDiscount as string | null) ?? '',
      discountEndDay: settings.discountEndDay ?? '',
      hasPenalty: settings.hasPenalty,
      penaltyFeeType: settings.penaltyFeeType === 'AMOUNT' ? 'AMOUNT' : 'PERCENTAGE',
      penaltyFee: (settings.penaltyFee as string | null) ?? '',
      deadlineDay: settings.deadlineDay ?? '',
      incomeAccountingAccount: settings.incomeAccountingAccount ?? '',
      penaltyAccountingAccount: settings.penaltyAccountingAccount ?? '',
      discountAccountingAccount: settings.discountAccountingAccount ?? '',
      bankEnabled: settings.bankEnabled,
      storeEnabled: settings.storeEnabled,
      cardEnabled: settings.cardEnabled,
      gatewayFeePaidByPayer: settings.gatewayFeePaidByPayer,
      fees: settings.fees.map((f) => ({ houseTypeId: f.houseTypeId, amount: (f.amount as string | null) ?? '' })),
    },
  });
  const update = useAppMutation<MaintenanceSettingsUpdateMutation>(updateMutation);

  const save = form.handleSubmit(async (values) => {
    const ok = await update.run(
      {
        input: {
          cutoffDay: values.cutoffDay,
          hasDiscount: values.hasDiscount,
          earlyPaymentDiscountType: values.earlyPaymentDiscountType,
          earlyPaymentDiscount: values.earlyPaymentDiscount,
          discountEndDay: values.discountEndDay,
          hasPenalty: values.hasPenalty,
          penaltyFeeType: values.penaltyFeeType,
          penaltyFee: values.penaltyFee,
          deadlineDay: values.deadlineDay,
          incomeAccountingAccount: values.incomeAccountingAccount,
          penaltyAccountingAccount: values.penaltyAccountingAccount,
          discountAccountingAccount: values.discountAccountingAccount,
          bankEnabled: values.bankEnabled,
          storeEnabled: values.storeEnabled,
          cardEnabled: values.cardEnabled,
          gatewayFeePaidByPayer: values.gatewayFeePaidByPayer,
          fees: values.fees,
        },
      },
      'updateMaintenanceSettings',
      { form: form as never, success: t('maintenance.saved') },
    );
    if (ok) form.reset(form.getValues());
  });

  return (
    <Stack maw={880}>
      <PageHeader title={t('maintenance.title')} description={t('maintenance.description')} />
      {!settings.configured && (
        <Alert color="blue" title={t('maintenance.notConfiguredTitle')}>
          {t('maintenance.notConfigured')}
        </Alert>
      )}
      <form onSubmit={save} noValidate>
        <Fieldset disabled={!canSave} variant="unstyled" p={0}>
          <Stack>
            <Section title={t('maintenance.cutoff.title')} description={t('maintenance.cutoff.description')}>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <DayField form={form} name="cutoffDay" label={t('maintenance.cutoff.day')} required />
              </SimpleGrid>
            </Section>
            <RateSection
              form={form}
              kind="discount"
              switchName="hasDiscount"
              typeName="earlyPaymentDiscountType"
              amountName="earlyPaymentDiscount"
              dayName="discountEndDay"
            />
            <RateSection form={form} kind="penalty" switchName="hasPenalty" typeName="penaltyFeeType" amountName="penaltyFee" dayName="deadlineDay" />
            <ExampleDates form={form} />
            <Section title={t('maintenance.fees.title')} description={t('maintenance.fees.description')}>
              <FeesTable form={form} types={settings.fees.map((f) => ({ id: f.houseTypeId, title: f.title }))} />
            </Section>
            <Section title={t('maintenance.methods.title')} description={t('maintenance.methods.description')}>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {(['bankEnabled', 'storeEnabled', 'cardEnabled'] as const).map((name) => (
                  <Controller
                    key={name}
                    control={form.control}
                    name={name}
                    render={({ field: c }) => (
                      <Checkbox label={t(`maintenance.methods.${name}`)} checked={!!c.value} onChange={(e) => c.onChange(e.currentTarget.checked)} />
                    )}
                  />
                ))}
              </SimpleGrid>
              <Controller
                control={form.control}
                name="gatewayFeePaidByPayer"
                render={({ field: c }) => (
                  <Switch
                    mt="md"
                    label={t('maintenance.methods.gatewayFeePaidByPayer')}
                    description={t(c.value ? 'maintenance.methods.gatewayFeePayerPays' : 'maintenance.methods.gatewayFeeCommunityPays')}
                    checked={!!c.value}
                    onChange={(e) => c.onChange(e.currentTarget.checked)}
                  />
                )}
              />
              <Paper bg="var(--mantine-color-gray-0)" p="sm" radius="sm" mt="md">
                <Text size="sm" fw={600} mb={4}>
                  {t('maintenance.gateway.title')}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                  <ReadOnly label={t('maintenance.gateway.dashboard')}>
                    <Anchor href={settings.gatewayDashboardUrl} target="_blank" rel="noopener noreferrer" size="sm">
                      {t('maintenance.gateway.open')}
                    </Anchor>
                  </ReadOnly>
                  <ReadOnly label={t('maintenance.gateway.integrator')}>{settings.integratorClientId}</ReadOnly>
                  <ReadOnly label={t('maintenance.gateway.environment')}>{settings.environmentUrl}</ReadOnly>
                </SimpleGrid>
                <Text size="xs" c="dimmed" mt={6}>
                  {t('maintenance.gateway.hint')}
                </Text>
              </Paper>
            </Section>
            <Section title={t('maintenance.accounts.title')} description={t('maintenance.accounts.description')}>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label={t('maintenance.accounts.income')} placeholder="401-01-001" {...field(form, 'incomeAccountingAccount')} />
                <TextInput label={t('maintenance.accounts.penalty')} placeholder="401-02-001" {...field(form, 'penaltyAccountingAccount')} />
                <TextInput label={t('maintenance.accounts.discount')} placeholder="402-01-001" {...field(form, 'discountAccountingAccount')} />
              </SimpleGrid>
            </Section>
            {canSave ? (
              <Group>
                <Button type="submit" loading={update.inFlight}>
                  {t('common.save')}
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('maintenance.readOnly')}
              </Text>
            )}
          </Stack>
        </Fieldset>
      </form>
    </Stack>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

function ReadOnly({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

type DayName = 'cutoffDay' | 'discountEndDay' | 'deadlineDay';

function DayField({ form, name, label, description, required }: { form: Form; name: DayName; label: string; description?: string; required?: boolean }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <NumberInput
          label={label}
          description={description}
          // The hint goes under the input, so the inputs of a row stay aligned.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk={required}
          min={1}
          max={31}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          inputMode="numeric"
          value={f.value ?? ''}
          onChange={(v) => f.onChange(v === '' ? '' : Number(v))}
          onBlur={f.onBlur}
          ref={f.ref}
          error={fieldError(form, name)}
        />
      )}
    />
  );
}

function RateSection({
  form,
  kind,
  switchName,
  typeName,
  amountName,
  dayName,
}: {
  form: Form;
  kind: 'discount' | 'penalty';
  switchName: 'hasDiscount' | 'hasPenalty';
  typeName: 'earlyPaymentDiscountType' | 'penaltyFeeType';
  amountName: 'earlyPaymentDiscount' | 'penaltyFee';
  dayName: 'discountEndDay' | 'deadlineDay';
}) {
  const { t } = useTranslation();
  const on = !!form.watch(switchName);
  const type = (form.watch(typeName) ?? 'PERCENTAGE') as FeeType;
  return (
    <Section title={t(`maintenance.${kind}.title`)} description={t(`maintenance.${kind}.description`)}>
      <Controller
        control={form.control}
        name={switchName}
        render={({ field: c }) => <Switch label={t(`maintenance.${kind}.enable`)} checked={!!c.value} onChange={(e) => c.onChange(e.currentTarget.checked)} />}
      />
      {on && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Controller
            control={form.control}
            name={typeName}
            render={({ field: c }) => (
              <Select
                label={t(`maintenance.${kind}.type`)}
                data={[
                  { value: 'PERCENTAGE', label: t('maintenance.feeTypes.PERCENTAGE') },
                  { value: 'AMOUNT', label: t('maintenance.feeTypes.AMOUNT') },
                ]}
                value={c.value ?? 'PERCENTAGE'}
                onChange={(value) => value && c.onChange(value)}
                allowDeselect={false}
                error={fieldError(form, typeName)}
              />
            )}
          />
          <Controller
            control={form.control}
            name={amountName}
            render={({ field: c }) => (
              <QuantityField
                label={t(`maintenance.${kind}.amount`)}
                withAsterisk
                value={c.value ?? ''}
                onValue={c.onChange}
                onBlur={c.onBlur}
                ref={c.ref}
                leftSection={type === 'AMOUNT' ? '$' : undefined}
                rightSection={type === 'PERCENTAGE' ? '%' : undefined}
                error={fieldError(form, amountName)}
              />
            )}
          />
          <DayField form={form} name={dayName} label={t(`maintenance.${kind}.day`)} description={t(`maintenance.${kind}.dayHint`)} required />
        </SimpleGrid>
      )}
    </Section>
  );
}

const nextDay = (iso: string) => new Date(new Date(`${iso}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

const asDay = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,2}$/.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 31 ? n : null;
};

/** The dates of the current month with these settings, days capped by the month's last day. */
function ExampleDates({ form }: { form: Form }) {
  const { t } = useTranslation();
  const [cutoff, hasDiscount, discountDay, hasPenalty, deadline] = form.watch(['cutoffDay', 'hasDiscount', 'discountEndDay', 'hasPenalty', 'deadlineDay']);
  const today = useMemo(() => new Date(), []);
  const year = today.getFullYear();
  const month = today.getMonth() + 1;
  const cutoffDay = asDay(cutoff);
  if (!cutoffDay) return null;
  const discountEndDay = asDay(discountDay);
  const deadlineDay = asDay(deadline);
  const dates = dueDates({ cutoffDay, hasDiscount: !!hasDiscount, discountEndDay, hasPenalty: !!hasPenalty, deadlineDay }, year, month);
  const note = (day: number | null) => (day && capDay(day, year, month) !== day ? t('maintenance.example.capped', { day }) : '');
  return (
    <Alert color="teal" variant="light" title={t('maintenance.example.title', { month: periodInText(year, month) })} data-testid="maintenance-example">
      <Stack gap={4}>
        <Text size="sm">{t('maintenance.example.cutoff', { date: formatDate(dates.cutoffDate), note: note(cutoffDay) })}</Text>
        {dates.discountEndDate && (
          <Text size="sm">{t('maintenance.example.discount', { date: formatDate(dates.discountEndDate), note: note(discountEndDay) })}</Text>
        )}
        {dates.deadlineDate && (
          <Text size="sm">
            {t('maintenance.example.deadline', {
              date: formatDate(dates.deadlineDate),
              note: note(deadlineDay),
              penalty: formatDate(nextDay(dates.deadlineDate)),
            })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function FeesTable({ form, types }: { form: Form; types: readonly { id: string; title: string }[] }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const feesError = fieldError(form, 'fees');
  if (types.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('maintenance.fees.empty')}{' '}
        {grants.has('CHousesTypesCreate') && (
          <Anchor component={Link} to="/neighborhood/settings/houses-types/form" size="sm">
            {t('maintenance.fees.createType')}
          </Anchor>
        )}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('maintenance.fees.houseType')}</Table.Th>
            <Table.Th ta="right" w={200}>
              {t('maintenance.fees.amount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {types.map(({ id, title }, i) => (
            <Table.Tr key={id}>
              <Table.Td>
                <Text size="sm">{title}</Text>
              </Table.Td>
              <Table.Td>
                <Controller
                  control={form.control}
                  name={`fees.${i}.amount`}
                  render={({ field: c }) => (
                    <QuantityField
                      aria-label={t('maintenance.fees.amountOf', { title })}
                      value={c.value ?? ''}
                      onValue={c.onChange}
                      onBlur={c.onBlur}
                      ref={c.ref}
                      leftSection="$"
                      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
                      error={fieldError(form, `fees.${i}.amount`)}
                    />
                  )}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {feesError && (
        <Text size="sm" c="red">
          {feesError}
        </Text>
      )}
    </Stack>
  );
}
