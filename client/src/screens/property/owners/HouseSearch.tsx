import { useRef, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { HouseSearchQuery, HouseSearchQuery$data } from '../../../__generated__/HouseSearchQuery.graphql';
import { personName } from '../../../../../core/houseLabel.js';
import { SEARCH_MIN_CHARS } from './filters.js';

const query = graphql`
  query HouseSearchQuery($phrase: String!) {
    searchHouses(phrase: $phrase) { id databaseId label catastral owner { firstName lastName email } }
  }
`;

type Found = HouseSearchQuery$data['searchHouses'][number];

export function houseOptionLabel(house: Found): string {
  const owner = house.owner ? personName(house.owner) : null;
  const key = house.catastral && house.catastral !== house.label ? `${house.label} (${house.catastral})` : house.label;
  return owner ? `${key} · ${owner}` : key;
}

/** Quick search of houses by key, number or owner (from 2 characters); choosing one calls onPick. */
export function HouseSearch({
  onPick,
  label,
  autoFocus,
  fullWidth,
}: {
  onPick: (house: { databaseId: number; catastral: string | null; label: string }) => void;
  /** «Buscar propiedad» unless given. */
  label?: string;
  autoFocus?: boolean;
  /** The whole width of its container (a dialog) rather than 320 px from sm up. */
  fullWidth?: boolean;
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
    fetchQuery<HouseSearchQuery>(environment, query, { phrase: text.trim() }, { fetchPolicy: 'network-only' })
      .toPromise()
      .then((data) => {
        if (latest.current === text) setFound(data?.searchHouses ?? []);
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
        if (house) onPick({ databaseId: house.databaseId, catastral: house.catastral ?? null, label: house.label });
      }}
      nothingFoundMessage={short ? t('owners.search.hint') : loading ? t('app.loading') : t('owners.search.none')}
      w={fullWidth ? '100%' : { base: '100%', sm: 320 }}
    />
  );
}
