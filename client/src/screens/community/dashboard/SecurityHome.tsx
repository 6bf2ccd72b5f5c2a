import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { graphql, useFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { SecurityHome_neighborhood$key } from '../../../__generated__/SecurityHome_neighborhood.graphql';

const fragment = graphql`
  fragment SecurityHome_neighborhood on Neighborhood {
    name
    modules
    visitorEmailRequired
    visitorReasonRequired
    visitorPictureRequired
    visitorRequireVehicleInfo
    visitorAllowPermanent
    restrictVehicles
    requiredVehicleTag
    requiredVehicleAuthorization
  }
`;

/** The community's access rules a guard applies at the gate, by module: each flag that is on, in words. */
const RULES: { module: string; flag: keyof Rules; text: string }[] = [
  { module: 'VISITAS', flag: 'visitorEmailRequired', text: 'dashboard.security.rules.visitorEmailRequired' },
  { module: 'VISITAS', flag: 'visitorReasonRequired', text: 'dashboard.security.rules.visitorReasonRequired' },
  { module: 'VISITAS', flag: 'visitorPictureRequired', text: 'dashboard.security.rules.visitorPictureRequired' },
  { module: 'VISITAS', flag: 'visitorRequireVehicleInfo', text: 'dashboard.security.rules.visitorRequireVehicleInfo' },
  { module: 'VISITAS', flag: 'visitorAllowPermanent', text: 'dashboard.security.rules.visitorAllowPermanent' },
  { module: 'ACCESO_VEHICULAR', flag: 'restrictVehicles', text: 'dashboard.security.rules.restrictVehicles' },
  { module: 'ACCESO_VEHICULAR', flag: 'requiredVehicleTag', text: 'dashboard.security.rules.requiredVehicleTag' },
  { module: 'ACCESO_VEHICULAR', flag: 'requiredVehicleAuthorization', text: 'dashboard.security.rules.requiredVehicleAuthorization' },
];
type Rules = {
  visitorEmailRequired: boolean;
  visitorReasonRequired: boolean;
  visitorPictureRequired: boolean;
  visitorRequireVehicleInfo: boolean;
  visitorAllowPermanent: boolean;
  restrictVehicles: boolean;
  requiredVehicleTag: boolean;
  requiredVehicleAuthorization: boolean;
};

/**
 * "/" for the security staff: what this account may do in the app (its Sec grants), the community's access
 * rules for the shift (the visitor and vehicle settings of the active modules) and whom to ask, with the way
 * to the gate (/security/visitors, the guard's home).
 */
export function SecurityHome({ neighborhood, grants }: { neighborhood: SecurityHome_neighborhood$key; grants: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const community = useFragment(fragment, neighborhood);
  const may = [
    (grants.has('SecVisitorsCreate') || grants.has('SecVisitorsUpdate')) && t('dashboard.security.may.visitors'),
    grants.has('SecVisitorsRead') && t('dashboard.security.may.visitorsRead'),
    grants.has('SecVehicleRead') && t('dashboard.security.may.vehicles'),
  ].filter((text): text is string => !!text);
  const rules = RULES.filter((r) => community.modules.includes(r.module as never) && community[r.flag]).map((r) => t(r.text));
  return (
    <>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="security-title" data-testid="security-home">
        <Stack gap="xs">
          <Title order={3} size="h4" id="security-title">
            {t('dashboard.security.title', { name: community.name })}
          </Title>
          {may.length > 0 ? (
            <>
              <Text size="sm">{t('dashboard.security.mayIntro')}</Text>
              <List size="sm" spacing={4}>
                {may.map((text) => (
                  <List.Item key={text}>{text}</List.Item>
                ))}
              </List>
              {community.modules.includes('VISITAS' as never) && grants.has('SecVisitorsRead') && (
                <Anchor component={Link} to="/security/visitors" size="sm" fw={600}>
                  {t('dashboard.security.gate')}
                </Anchor>
              )}
            </>
          ) : (
            <Text size="sm">{t('dashboard.security.nothing')}</Text>
          )}
          <Text size="sm">{t('dashboard.security.contact', { name: community.name })}</Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="access-rules-title" data-testid="access-rules">
        <Stack gap="xs">
          <Title order={3} size="h4" id="access-rules-title">
            {t('dashboard.security.rulesTitle')}
          </Title>
          {rules.length > 0 ? (
            <>
              <Text size="sm">{t('dashboard.security.rulesIntro')}</Text>
              <List size="sm" spacing={4}>
                {rules.map((text) => (
                  <List.Item key={text}>{text}</List.Item>
                ))}
              </List>
            </>
          ) : (
            <Text size="sm">{t('dashboard.security.noRules')}</Text>
          )}
        </Stack>
      </Paper>
    </>
  );
}
