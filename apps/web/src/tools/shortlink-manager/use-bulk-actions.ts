import { useMutation } from '@tanstack/react-query';
import type { ExportFormat } from '@toolvault/shared';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { ApiFailure } from '../../lib/api';
import { isCsvFile, parseCsv, type CsvTable } from './csv-import.service';
import { downloadBlob } from '../../lib/download';
import { fromApi } from '../../lib/query';
import type { BulkAction } from './ManageLinksTab';
import { shortlinkApi } from './shortlink-manager.api';
import {
  countLabel,
  exportFileName,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_LABEL,
  parseImportFile,
  type ExportKind,
} from './shortlink-manager.service';

interface BulkActionsOptions {
  token: string;
  /** A failure handler that ends the session on a 401 and otherwise calls `otherwise`. */
  unlessExpired: (otherwise: (error: ApiFailure) => void) => (error: ApiFailure) => void;
  /** After an import or the sample data added links. */
  onImported: () => void;
}

/**
 * The manager's bulk actions: the links' and the clicks' exports as files, an import from a JSON
 * file (sent as it is) or a CSV file (mapped and checked in CsvImportDialog first), and the sample data; each toasts its outcome, and `bulk` / `exportingClicks` say which is running.
 */
export function useBulkActions({ token, unlessExpired, onImported }: BulkActionsOptions) {
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [exportingClicks, setExportingClicks] = useState(false);
  /** A CSV file read and waiting in the mapping dialog; null when none is open. */
  const [csvImport, setCsvImport] = useState<{ fileName: string; table: CsvTable; serial: number } | null>(null);
  const importLinks = useMutation({
    mutationFn: (rows: unknown[]) => fromApi(shortlinkApi.import(token, rows)),
    onSuccess: onImported,
  });

  /** Downloads an export as a dated file; the buttons that started it show it is running meanwhile. */
  const exportFile = async (kind: ExportKind, format: ExportFormat) => {
    const busy = kind === 'links' ? (running: boolean) => setBulk(running ? 'export' : null) : setExportingClicks;
    busy(true);
    const result = await shortlinkApi.export(token, kind, format);
    busy(false);
    if (result.ok) {
      const fileName = exportFileName(new Date(), format, kind);
      downloadBlob(result.value, fileName);
      toast.success('Exported', { description: fileName });
    } else {
      const title = kind === 'links' ? 'Failed to export shortlinks' : 'Failed to export clicks';
      unlessExpired((error) => toast.error(title, { description: error.message }))(result.error);
    }
  };

  /** Imports the rows and toasts the outcome; true once they are stored. */
  const importRows = (rows: unknown[], kind: 'import' | 'sample'): Promise<boolean> =>
    importLinks
      .mutateAsync(rows)
      .then(({ imported }) => {
        if (kind === 'import')
          toast.success('Imported', { description: `${countLabel(imported)} imported successfully` });
        else toast.success('Loaded', { description: `${countLabel(imported, 'sample shortlink')} loaded` });
        return true;
      })
      .catch((error: ApiFailure) => {
        unlessExpired(() =>
          toast.error(kind === 'import' ? 'Failed to import shortlinks' : 'Failed to load sample data', {
            description: error.message,
          }),
        )(error);
        return false;
      });

  /** The dry run of the mapping dialog's rows; a refused token ends the session as everywhere. */
  const checkCsvRows = async (rows: unknown[]) => {
    const result = await shortlinkApi.importDryRun(token, rows);
    if (!result.ok) unlessExpired(() => undefined)(result.error);
    return result;
  };

  /** The mapping dialog's import: closes the dialog once the rows are stored. */
  const importCsvRows = async (rows: unknown[]) => {
    setBulk('import');
    try {
      const stored = await importRows(rows, 'import');
      if (stored) setCsvImport(null);
      return stored;
    } finally {
      setBulk(null);
    }
  };

  const importFile = async (file: File) => {
    if (file.size > IMPORT_MAX_BYTES) {
      toast.error('Failed to import shortlinks', { description: `The file is larger than ${IMPORT_MAX_LABEL}.` });
      return;
    }
    if (isCsvFile(file)) {
      // Read here, mapped and checked in the dialog: nothing is sent before the person says so.
      const table = parseCsv(await file.text());
      // A new serial per file, so a dialog never keeps the columns chosen for another one.
      if (table.ok)
        setCsvImport((last) => ({ fileName: file.name, table: table.value, serial: (last?.serial ?? 0) + 1 }));
      else toast.error('Failed to import shortlinks', { description: table.error });
      return;
    }
    setBulk('import');
    try {
      const parsed = parseImportFile(await file.text());
      if (!parsed.ok) {
        toast.error(parsed.error);
        return;
      }
      await importRows(parsed.value, 'import');
    } finally {
      setBulk(null);
    }
  };

  const loadSample = async () => {
    setBulk('sample');
    try {
      const sample = await shortlinkApi.sample();
      if (!sample.ok || !Array.isArray(sample.value) || sample.value.length === 0) {
        toast.error('Failed to load sample data');
        return;
      }
      await importRows(sample.value, 'sample');
    } finally {
      setBulk(null);
    }
  };

  return {
    bulk,
    exportingClicks,
    exportFile,
    importFile,
    loadSample,
    csvImport,
    closeCsvImport: () => setCsvImport(null),
    checkCsvRows,
    importCsvRows,
  };
}
