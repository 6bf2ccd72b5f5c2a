import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPeriod, formatPesos } from '../../../../format.js';
import { CFDI_STATUS_COLORS, type CfdiKind, type CfdiStatus, folioText, mayCancel, mayRetry } from './cfdiRules.js';

/** One invoice as the list shows it, whatever query it came from. */
export interface CfdiRow {
  id: string;
  databaseId: number;
  kind: CfdiKind;
  /** An invoice's c_MetodoPago: PPD when it was issued before its payment (null for a complement). */
  paymentMethod?: 'PUE' | 'PPD' | null;
  status: CfdiStatus;
  serie: string | null;
  folio: string;
  uuid: string | null;
  receiverRfc: string;
  receiverName: string;
  total: string;
  /** Stamp date when stamped, else when it was created. */
  date: string | null;
  errorDescription: string | null;
  hasXml: boolean;
  hasPdf: boolean;
  /** Where the XML and PDF are downloaded from (the server names the path). */
  xmlUrl?: string | null;
  pdfUrl?: string | null;
  globalYear: number | null;
  globalMonth: number | null;
  /** The receipt it invoices (receipt CFDIs), for a link to it. */
  receipt: { databaseId: number; houseDatabaseId: number } | null;
  receiptsCount: number;
  substitutesFolio: string | null;
  substitutedByFolio: string | null;
  /** A payment complement: the folio of the PPD invoice it pays and its instalment. */
  paidInvoiceFolio?: string | null;
  installment?: number | null;
  /** Where SAT's acknowledgement of the cancellation is downloaded from, once there is one. */
  acknowledgementUrl?: string | null;
}

export type CfdiDocument = 'xml' | 'pdf' | 'acknowledgement';

export interface CfdiTableProps {
  rows: CfdiRow[];
  /** What the viewer may do; each action shows only where the row's status allows it too. */
  may: { generate: boolean; cancel: boolean; replacePdf: boolean };
  onDownload: (row: CfdiRow, doc: CfdiDocument) => void;
  onRetry: (row: CfdiRow) => void;
  onCancel: (row: CfdiRow) => void;
  onReplacePdf: (row: CfdiRow) => void;
  /** The row whose retry is in flight. */
  retrying?: string | null;
  /** Hide the link to the receipt (on the receipt's own page). */
  hideReceipt?: boolean;
  dimmed?: boolean;
}

/** The invoices table of /neighborhood/cfdis and /receipts/{id}/cfdis. */
export function CfdiTable({ rows, may, onDownload, onRetry, onCancel, onReplacePdf, retrying, hideReceipt, dimmed }: CfdiTableProps) {
  const { t } = useTranslation();
  return (
    <Table striped highlightOnHover verticalSpacing="sm" miw={880} style={{ opacity: dimmed ? 0.6 : 1 }}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('cfdis.columns.folio')}</Table.Th>
          <Table.Th>{t('cfdis.columns.uuid')}</Table.Th>
          <Table.Th>{t('cfdis.columns.receiver')}</Table.Th>
          <Table.Th ta="right">{t('cfdis.columns.total')}</Table.Th>
          <Table.Th>{t('cfdis.columns.date')}</Table.Th>
          <Table.Th>{t('cfdis.columns.status')}</Table.Th>
          <Table.Th>{t('cfdis.columns.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const folio = folioText(row.serie, row.folio);
          return (
            <Table.Tr key={row.id} data-testid={`cfdi-${row.databaseId}`} data-status={row.status}>
              <Table.Td>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {folio}
                </Text>
                {row.paymentMethod === 'PPD' && (
                  <Badge size="xs" variant="outline" color="grape" title={t('cfdis.ppdHint')} data-testid="cfdi-ppd">
                    {t('cfdis.ppd')}
                  </Badge>
                )}
                {row.kind === 'PAYMENT' && (
                  <Text size="xs" c="dimmed" data-testid="cfdi-complement">
                    {row.installment
                      ? t('cfdis.complementOf', { folio: row.paidInvoiceFolio ?? '—', installment: row.installment })
                      : t('cfdis.complementOfPending', { folio: row.paidInvoiceFolio ?? '—' })}
                  </Text>
                )}
                {row.kind === 'GLOBAL' && row.globalYear && row.globalMonth ? (
                  <Text size="xs" c="dimmed">
                    {t('cfdis.globalPeriod', { period: formatPeriod(row.globalYear, row.globalMonth) })}
                  </Text>
                ) : null}
                {!hideReceipt && row.receipt && (
                  <Anchor
                    component={Link}
                    to={`/houses/${row.receipt.houseDatabaseId}/receipts/${row.receipt.databaseId}`}
                    size="xs"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {t('cfdis.receiptLink', { id: row.receipt.databaseId })}
                  </Anchor>
                )}
                {!row.receipt && row.receiptsCount > 1 && (
                  <Text size="xs" c="dimmed">
                    {t('cfdis.receiptsCount', { count: row.receiptsCount })}
                  </Text>
                )}
                {row.substitutesFolio && (
                  <Text size="xs" c="dimmed">
                    {t('cfdis.substitutes', { folio: row.substitutesFolio })}
                  </Text>
                )}
                {row.substitutedByFolio && (
                  <Text size="xs" c="dimmed">
                    {t('cfdis.substitutedBy', { folio: row.substitutedByFolio })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={170}>
                <Text size="xs" ff="monospace" c={row.uuid ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }} data-testid="cfdi-uuid">
                  {row.uuid ?? t('cfdis.noUuid')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {row.receiverRfc}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {row.receiverName}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatPesos(row.total)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Table.Td>
              <Table.Td maw={260}>
                <Badge color={CFDI_STATUS_COLORS[row.status]} variant="light" miw="max-content" data-testid="cfdi-status">
                  {t(`cfdis.status.${row.status}`)}
                </Badge>
                {row.status === 'ERROR' && (
                  <Text
                    size="xs"
                    c="red"
                    mt={4}
                    style={{ overflowWrap: 'anywhere' }}
                    lineClamp={4}
                    title={row.errorDescription ?? undefined}
                    data-testid="cfdi-error"
                  >
                    {row.errorDescription?.trim() || t('cfdis.errorFallback')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap" miw={120}>
                  {row.hasXml && (
                    <Button size="compact-xs" variant="light" onClick={() => onDownload(row, 'xml')} aria-label={`${t('cfdis.actions.xml')} ${folio}`}>
                      {t('cfdis.actions.xml')}
                    </Button>
                  )}
                  {row.hasPdf && (
                    <Button size="compact-xs" variant="light" onClick={() => onDownload(row, 'pdf')} aria-label={`${t('cfdis.actions.pdf')} ${folio}`}>
                      {t('cfdis.actions.pdf')}
                    </Button>
                  )}
                  {row.acknowledgementUrl && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      color="gray"
                      onClick={() => onDownload(row, 'acknowledgement')}
                      aria-label={`${t('cfdis.actions.acknowledgement')} ${folio}`}
                    >
                      {t('cfdis.actions.acknowledgement')}
                    </Button>
                  )}
                  {may.generate && mayRetry(row.status) && (
                    <Button size="compact-xs" variant="filled" loading={retrying === row.id} onClick={() => onRetry(row)}>
                      {t('cfdis.actions.retry')}
                    </Button>
                  )}
                  {may.replacePdf && row.status === 'STAMPED' && (
                    <Button size="compact-xs" variant="subtle" onClick={() => onReplacePdf(row)}>
                      {t('cfdis.actions.replacePdf')}
                    </Button>
                  )}
                  {may.cancel && mayCancel(row.status) && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => onCancel(row)}>
                      {t('cfdis.actions.cancel')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
