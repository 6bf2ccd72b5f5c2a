// The row actions both invoice lists share: XML/PDF downloads, retry (generate), SAT cancellation with
// its dialog, PDF replacement; each reloads the list after a write.
import { type ReactNode, useState } from 'react';
import { graphql } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { useCfdiActionsGenerateMutation } from '../../../../__generated__/useCfdiActionsGenerateMutation.graphql';
import type { useCfdiActionsCancelMutation } from '../../../../__generated__/useCfdiActionsCancelMutation.graphql';
import type { useCfdiActionsUpdatePdfMutation } from '../../../../__generated__/useCfdiActionsUpdatePdfMutation.graphql';
import { downloadFile } from '../../../../components/download.js';
import { useAppMutation } from '../../../../components/mutations.js';
import type { NotificationKind } from '../../../../components/notify.js';
import { notify } from '../../../../components/notify.js';
import { useSession } from '../../../../components/SessionProvider.js';
import { newIdempotencyKey } from '../../receivables/receipts/receiptTexts.js';
import { CancelCfdiDialog } from './CancelCfdiDialog.js';
import type { CfdiDocument, CfdiRow, CfdiTableProps } from './CfdiTable.js';
import { type CancelMotive, folioText } from './cfdiRules.js';
import { ReplacePdfDialog } from './ReplacePdfDialog.js';

const generateMutation = graphql`
  mutation useCfdiActionsGenerateMutation($input: GenerateReceiptCfdiInput!) {
    generateReceiptCfdi(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationGenerateReceiptCfdiSuccess { data { message status errorDescription } }
    }
  }
`;
const cancelMutation = graphql`
  mutation useCfdiActionsCancelMutation($input: CancelCfdiInput!) {
    cancelCfdi(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationCancelCfdiSuccess { data { message status errorDescription } }
    }
  }
`;
const updatePdfMutation = graphql`
  mutation useCfdiActionsUpdatePdfMutation($input: UpdateCfdiPdfInput!) {
    updateCfdiPdf(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationUpdateCfdiPdfSuccess { data { message } }
    }
  }
`;

export const CFDI_CREATE_GRANTS = ['ACfdiCreate', 'OCfdiCreate', 'SCfdiCreate'];
export const CFDI_DELETE_GRANTS = ['ACfdiDelete', 'OCfdiDelete', 'SCfdiDelete'];

type Outcome = { message: string; status: string; errorDescription?: string | null };
type Notice = [NotificationKind, string];

/**
 * Spec 1 section 5: an invoice answered with ERROR shows its description or «No logramos generar tu CFDi»;
 * a stamped one «CFDI generado»; one still being stamped (or a cancellation SAT is processing) says so.
 */
export function outcomeNotice(o: Outcome, texts: { failed: string; done: string }): Notice {
  if (o.status === 'ERROR') return ['danger', o.errorDescription?.trim() || texts.failed];
  if (o.status === 'PENDING') return ['info', o.message];
  return ['success', texts.done];
}

export interface CfdiActions {
  table: Omit<CfdiTableProps, 'rows'>;
  dialogs: ReactNode;
  /** Issues the invoice of a paid receipt (its global id). */
  generate: (receiptId: string) => Promise<void>;
  generating: boolean;
  /** Opens the cancel dialog for a row. */
  askCancel: (row: CfdiRow) => void;
}

export function useCfdiActions(reload: () => void): CfdiActions {
  const { t } = useTranslation();
  const { grants, session } = useSession();
  const generate = useAppMutation<useCfdiActionsGenerateMutation>(generateMutation);
  const cancel = useAppMutation<useCfdiActionsCancelMutation>(cancelMutation);
  const updatePdf = useAppMutation<useCfdiActionsUpdatePdfMutation>(updatePdfMutation);
  const [cancelling, setCancelling] = useState<CfdiRow | null>(null);
  const [replacing, setReplacing] = useState<CfdiRow | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  const may = {
    generate: CFDI_CREATE_GRANTS.some((g) => grants.has(g)),
    cancel: CFDI_DELETE_GRANTS.some((g) => grants.has(g)),
    replacePdf: grants.has('APdfCfdiUpdate'),
  };
  const generated = (r: { data: Outcome }) => outcomeNotice(r.data, { failed: t('cfdis.errorFallback'), done: t('cfdis.generated') });

  const runGenerate = async (input: { receiptId?: string; cfdiId?: string }) => {
    const result = await generate.run({ input: { ...input, idempotencyKey: newIdempotencyKey() } }, 'generateReceiptCfdi', { success: generated });
    if (result) reload();
  };

  const onDownload = async (row: CfdiRow, doc: CfdiDocument) => {
    const url = doc === 'xml' ? row.xmlUrl : doc === 'pdf' ? row.pdfUrl : row.acknowledgementUrl;
    if (!url || !session.neighborhood) return;
    const name = doc === 'acknowledgement' ? `${folioText(row.serie, row.folio)}-acuse-cancelacion.xml` : `${folioText(row.serie, row.folio)}.${doc}`;
    const result = await downloadFile(url, name);
    if (!result.ok && result.status !== 401) notify('danger', t('cfdis.documentFailed'));
  };

  const confirmCancel = async ({ motive, regenerate }: { motive: CancelMotive; regenerate: boolean }) => {
    if (!cancelling) return;
    const result = await cancel.run({ input: { cfdiId: cancelling.id, motive, regenerate, idempotencyKey: newIdempotencyKey() } }, 'cancelCfdi', {
      success: (r: { data: Outcome }) =>
        r.data.status === 'CANCELLED'
          ? ['success', t('cfdis.cancel.done')]
          : r.data.status === 'STAMPED'
            ? ['info', r.data.message]
            : outcomeNotice(r.data, { failed: t('cfdis.errorFallback'), done: t('cfdis.cancel.done') }),
    });
    if (result) {
      setCancelling(null);
      reload();
    }
  };

  const confirmReplace = async (fileId: string) => {
    if (!replacing) return;
    const result = await updatePdf.run({ input: { cfdiId: replacing.id, fileId, idempotencyKey: newIdempotencyKey() } }, 'updateCfdiPdf', {
      success: (r: { data: { message: string } }) => r.data.message || t('cfdis.replacePdf.done'),
    });
    if (result) {
      setReplacing(null);
      reload();
    }
  };

  return {
    table: {
      may,
      retrying,
      onDownload: (row, doc) => void onDownload(row, doc),
      onRetry: (row) => {
        setRetrying(row.id);
        void runGenerate({ cfdiId: row.id }).finally(() => setRetrying(null));
      },
      onCancel: setCancelling,
      onReplacePdf: setReplacing,
    },
    generate: (receiptId) => runGenerate({ receiptId }),
    generating: generate.inFlight && retrying === null,
    askCancel: setCancelling,
    dialogs: (
      <>
        <CancelCfdiDialog
          cfdi={
            cancelling
              ? { folio: folioText(cancelling.serie, cancelling.folio), receiverRfc: cancelling.receiverRfc, receiverName: cancelling.receiverName }
              : null
          }
          busy={cancel.inFlight}
          onClose={() => setCancelling(null)}
          onConfirm={(request) => void confirmCancel(request)}
        />
        <ReplacePdfDialog
          cfdi={replacing ? { folio: folioText(replacing.serie, replacing.folio) } : null}
          busy={updatePdf.inFlight}
          onClose={() => setReplacing(null)}
          onConfirm={(fileId) => void confirmReplace(fileId)}
        />
      </>
    ),
  };
}
