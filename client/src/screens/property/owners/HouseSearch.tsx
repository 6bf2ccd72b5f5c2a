import { useRef, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type Environment, fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { HouseSearchGateQuery } from '../../../__generated__/HouseSearchGateQuery.graphql';
import type { HouseSearchQuery } from '../../../__generated__/HouseSearchQuery.graphql';
import { personName } from '../../../../../core/houseLabel.js';
import { SEARCH_MIN_CHARS } from './filters.js';

const ownersQuery = graphql`
  query HouseSearchQuery($phrase: String!) {
    searchHouses(phrase: $phrase) { id databaseId label catastral owner { firstName lastName email } }
  }
`;

// The gate's search (visitorHouses): a house's label and its owner's name only, for whoever registers visits.
const gateQuery = graphql`
  query HouseSearchGateQuery($phrase: String!) {
    visitorHouses(phrase: $phrase) { databaseId label catastral ownerName }
  }
`;

interface Found {
  databaseId: number;
  label: string;
  catastral: string | null;
  ownerName: string | null;
}

async function findHouses(environment: Environment, phrase: string, gate: boolean): Promise<Found[]> {
  const options = { fetchPolicy: 'network-only' } as const;
  if (gate) {
    const data = await fetchQuery<HouseSearchGateQuery>(environment, gateQuery, { phrase }, options).toPromise();
    return (data?.visitorHouses ?? []).map((h) => ({ ...h, catastral: h.catastral ?? null, ownerName: h.ownerName ?? null }));
  }
  const data = await fetchQuery<HouseSearchQuery>(environment, ownersQuery, { phrase }, options).toPromise();
  return (data?.searchHouses ?? []).map((h) => ({
    databaseId: h.databaseId,
    label: h.label,
    catastral: h.catastral ?? null,
    ownerName: h.owner ? personName(h.owner) : null,
  }));
}

export function houseOptionLabel(house: Found): string {
  const key = house.catastral && house.catastral !== house.label ? `${house.label} (${house.catastral})` : house.label;
  return house.ownerName ? `${key} · ${house.ownerName}` : key;
}

/** Quick search of houses by key, number or owner (from 2 characters); choosing one calls onPick. */
export function HouseSearch({
  onPick,
  label,
  autoFocus,
  fullWidth,
  gate,
}: {
  onPick: (house: { databaseId: number; catastral: string | null; label: string }) => void;
  /** «Buscar propiedad» unless given. */
  label?: string;
  autoFocus?: boolean;
  /** The whole width of its container (a dialog) rather than 320 px from sm up. */
  fullWidth?: boolean;
  /** Search through visitorHouses (label and owner only), for those who register visits without reading owners. */
  gate?: boolean;
}) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const [phrase, setPhrase] = useState('');
  const [found, setFound] = useState<readonly Found[]>([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef('');

  const search = useDebouncedCallback((text: string) => {
    latest.current = text;
    if (text.trim().length < SEARCH_MIN_CHARS) {
      setFound([]);
      return;
    }
    setLoading(true);
    findHouses(environment, text.trim(), gate ?? false)
      .then((houses) => {
        if (latest.current === text) setFound(houses);
      })
      .catch(() => setFound([]))
      .finally(() => setLoading(false));
  }, 250);

  const short = phrase.trim().length < SEARCH_MIN_CHARS;
  return (
    <Select
      label={label ?? t('owners.search.label')}
      data-autofocus={autoFocus || undefined}
      placeholder={t('owners.search.placeholder')}
      searchable
      searchValue={phrase}
      onSearchChange={(value) => {
        setPhrase(value);
        search(value);
      }}
      data={found.map((house) => ({ value: String(house.databaseId), label: houseOptionLabel(house) }))}
      filter={({ options }) => options}
      value={null}
      onChange={(value) => {
        const house = found.find((h) => String(h.databaseId) === value);
        if (house) onPick({ databaseId: house.databaseId, catastral: house.catastral, label: house.label });
      }}
      nothingFoundMessage={short ? t('owners.search.hint') : loading ? t('app.loading') : t('owners.search.none')}
      w={fullWidth ? '100%' : { base: '100%', sm: 320 }}
    />
  );
}
