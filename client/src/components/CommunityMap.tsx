import { useState } from 'react';
import { Alert, Box, Text } from '@mantine/core';
import { MapContainer, TileLayer } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import 'leaflet/dist/leaflet.css';
import { postalCodeCentre } from '../../../core/postalCodes.js';

const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * A map centred on the community's postal code (its state). Without a usable postal code, or when the
 * map tiles cannot be loaded (no connection to the tile server), the form is shown without it.
 */
export default function CommunityMap({ postalCode }: { postalCode: string | null }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const centre = postalCodeCentre(postalCode);
  if (!centre)
    return (
      <Text size="sm" c="dimmed">
        {t('map.noPostalCode')}
      </Text>
    );
  if (failed)
    return (
      <Alert color="gray" data-testid="map-unavailable">
        {t('map.unavailable')}
      </Alert>
    );
  return (
    <Box h={280} data-testid="community-map" style={{ borderRadius: 8, overflow: 'hidden' }}>
      <MapContainer center={[centre.lat, centre.lng]} zoom={12} style={{ height: '100%' }} scrollWheelZoom={false}>
        <TileLayer url={TILES} attribution="&copy; OpenStreetMap" eventHandlers={{ tileerror: () => setFailed(true) }} />
      </MapContainer>
      <Text size="xs" c="dimmed">
        {t('map.centredOn', { state: centre.state })}
      </Text>
    </Box>
  );
}
