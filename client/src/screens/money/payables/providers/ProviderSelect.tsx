import { useEffect, useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { ProviderSelectQuery, ProviderSelectQuery$data } from '../../../../__generated__/ProviderSelectQuery.graphql';

const providerSelectQuery = graphql`
  query ProviderSelectQuery($name: String, $selected: ID!, $hasSelected: Boolean!) {
    providers(first: 20, filter: { name: $name }) {
      edges { node { id name rfc paymentMethod bank clabe expenseConcept { id concept } } }
    }
    selected: node(id: $selected) @include(if: $hasSelected) {
      ... on Provider { id name rfc paymentMethod bank clabe expenseConcept { id concept } }
    }
  }
`;

/** A provider as the select offers it (the expense form takes its default concept and payment data). */
export interface ProviderOption {
  id: string;
  name: string;
  rfc: string | null;
  paymentMethod: string;
  bank: string | null;
  clabe: string | null;
  expenseConcept: { id: string; concept: string } | null;
}

export interface ProviderSelectProps {
  /** The Provider global id, or null. */
  value: string | null;
  onChange: (id: string | null, provider: ProviderOption | null) => void;
  error?: string;
  label?: string;
  required?: boolean;
  disabled?: boolean;
}

type Node = NonNullable<ProviderSelectQuery$data['selected']>;
const asOption = (node: Node | null | undefined): ProviderOption | null =>
  node?.id && node.name
    ? {
        id: node.id,
        name: node.name,
        rfc: node.rfc ?? null,
        paymentMethod: node.paymentMethod ?? 'CHECK',
        bank: node.bank ?? null,
        clabe: node.clabe ?? null,
        expenseConcept: node.expenseConcept ?? null,
      }
    : null;

/** Searchable select over the community's providers (by name or RFC); the value is the Provider global id. */
export function ProviderSelect({ value, onChange, error, label, required, disabled }: ProviderSelectProps) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [options, setOptions] = useState<ProviderOption[]>([]);
  const [selected, setSelected] = useState<ProviderOption | null>(null);
  const [loading, setLoading] = useState(false);

  // The typed text is the selected provider's name after choosing one: search everything then.
  const name = selected && debounced === selected.name ? null : debounced.trim() || null;
  const wantSelected = !!value && selected?.id !== value;

  useEffect(() => {
    let live = true;
    setLoading(true);
    const subscription = fetchQuery<ProviderSelectQuery>(
      environment,
      providerSelectQuery,
      { name: name?.slice(0, 200) ?? null, selected: wantSelected ? value! : '', hasSelected: wantSelected },
      { fetchPolicy: 'network-only' },
    ).subscribe({
      next: (data) => {
        if (!live) return;
        setOptions((data.providers?.edges ?? []).map((e) => asOption(e.node)).filter((o): o is ProviderOption => !!o));
        if (wantSelected) setSelected(asOption(data.selected));
        setLoading(false);
      },
      error: () => live && setLoading(false),
    });
    return () => {
      live = false;
      subscription.unsubscribe();
    };
  }, [environment, name, value, wantSelected]);

  const all = useMemo(() => {
    const list = [...options];
    if (selected && !list.some((o) => o.id === selected.id)) list.unshift(selected);
    return list;
  }, [options, selected]);
  const data = all.map((o) => ({ value: o.id, label: o.rfc ? `${o.name} (${o.rfc})` : o.name }));

  return (
    <Select
      label={label ?? t('providers.select.label')}
      placeholder={t('providers.select.placeholder')}
      nothingFoundMessage={loading ? t('providers.select.loading') : t('providers.select.none')}
      searchable
      clearable
      required={required}
      disabled={disabled}
      filter={({ options: items }) => items}
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      error={error}
      onChange={(id) => {
        const provider = all.find((o) => o.id === id) ?? null;
        setSelected(provider);
        onChange(id, provider);
      }}
    />
  );
}

export default ProviderSelect;
