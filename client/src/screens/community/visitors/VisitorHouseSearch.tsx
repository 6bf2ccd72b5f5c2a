import { useRef, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { VisitorHouseSearchQuery, VisitorHouseSearchQuery$data } from '../../../__generated__/VisitorHouseSearchQuery.graphql';
import { SEARCH_MIN_CHARS } from '../../property/owners/filters.js';

const query = graphql`
  query VisitorHouseSearchQuery($phrase: String!) {
    visitorHouses(phrase: $phrase) { databaseId label catastral ownerName }
  }
`;

type Found = VisitorHouseSearchQuery$data['visitorHouses'][number];

const optionLabel = (house: Found) => {
  const key = house.catastral && house.catastral !== house.label ? `${house.label} (${house.catastral})` : house.label;
  return house.ownerName ? `${key} · ${house.ownerName}` : key;
};

/** The gate's house search (visitorHouses: the house's label and owner only), from 2 characters; choosing one calls onPick. */
export function VisitorHouseSearch({ onPick, label }: { onPick: (house: { databaseId: number; label: string }) => void; label: string }) {
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
    fetchQuery<VisitorHouseSearchQuery>(environment, query, { phrase: text.trim() }, { fetchPolicy: 'network-only' })
      .toPromise()
      .then((data) => {
        if (latest.current === text) setFound(data?.visitorHouses ?? []);
      })
      .catch(() => setFound([]))
      .finally(() => setLoading(false));
  }, 250);

  const short = phrase.trim().length < SEARCH_MIN_CHARS;
  return (
    <Select
      label={label}
      placeholder={t('owners.search.placeholder')}
      searchable
      searchValue={phrase}
      onSearchChange={(value) => {
        setPhrase(value);
        search(value);
      }}
      data={found.map((house) => ({ value: String(house.databaseId), label: optionLabel(house) }))}
      filter={({ options }) => options}
      value={null}
      onChange={(value) => {
        const house = found.find((h) => String(h.databaseId) === value);
        if (house) onPick({ databaseId: house.databaseId, label: house.label });
      }}
      nothingFoundMessage={short ? t('owners.search.hint') : loading ? t('app.loading') : t('owners.search.none')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
