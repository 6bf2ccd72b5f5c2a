import { useState } from 'react';
import { Button, FileButton, Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface UploaderProps {
  /** Where the file goes: a URL that accepts a multipart POST with a `file` field. */
  endpoint: string;
  maxSizeMb: number;
  /** Accepted names, e.g. /\.(pdf|png|jpe?g)$/i */
  pattern: RegExp;
  accept?: string;
  extraFields?: Record<string, string>;
  onUploaded: (key: string) => void;
  onRemoved?: () => void;
  /** What the file is for and its limits, under the button. */
  hint?: string;
}

/** Size and pattern limits checked before sending; shows progress; on failure offers retry or remove. */
export function checkFile(file: { name: string; size: number }, maxSizeMb: number, pattern: RegExp): 'tooLarge' | 'wrongType' | null {
  if (file.size > maxSizeMb * 1024 * 1024) return 'tooLarge';
  if (!pattern.test(file.name)) return 'wrongType';
  return null;
}

export function Uploader({ endpoint, maxSizeMb, pattern, accept, extraFields = {}, onUploaded, onRemoved, hint }: UploaderProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const send = (chosen: File) => {
    setError(null);
    setDone(false);
    const problem = checkFile(chosen, maxSizeMb, pattern);
    if (problem) {
      setError(t(`uploader.${problem}`, { max: maxSizeMb }));
      return;
    }
    setFile(chosen);
    const form = new FormData();
    for (const [k, v] of Object.entries(extraFields)) form.append(k, v);
    form.append('file', chosen);
    const request = new XMLHttpRequest();
    request.open('POST', endpoint);
    // Our own API refuses cookie-authenticated uploads without it (CSRF); other endpoints never see it.
    if (endpoint.startsWith('/')) request.setRequestHeader('x-graphql-csrf', '1');
    request.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
    request.onload = () => {
      setProgress(null);
      if (request.status >= 200 && request.status < 300) {
        setDone(true);
        const key = (() => {
          try {
            // POST /api/1.0/files answers { id, ... }; signed-policy uploads answer { key }.
            const body = JSON.parse(request.responseText);
            return (body.id ?? body.key ?? extraFields.key ?? chosen.name) as string;
          } catch {
            return extraFields.key ?? chosen.name;
          }
        })();
        onUploaded(key);
      } else setError(t('uploader.failure', { status: request.status }));
    };
    request.onerror = () => {
      setProgress(null);
      setError(t('uploader.failure', { status: 0 }));
    };
    request.send(form);
  };

  return (
    <div>
      <Group>
        <FileButton onChange={(f) => f && send(f)} accept={accept}>
          {(props) => (
            <Button variant="default" {...props}>
              {t('uploader.choose')}
            </Button>
          )}
        </FileButton>
        {file && <Text size="sm">{file.name}</Text>}
        {done && (
          <Text size="sm" c="green">
            {t('uploader.done')}
          </Text>
        )}
      </Group>
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
      {progress !== null && <Progress value={progress} mt="xs" aria-label={`${progress}%`} />}
      {error && (
        <Group mt="xs">
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
          {file && (
            <Button size="xs" variant="light" onClick={() => send(file)}>
              {t('uploader.retry')}
            </Button>
          )}
          {file && (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              onClick={() => {
                setFile(null);
                setError(null);
                onRemoved?.();
              }}
            >
              {t('uploader.remove')}
            </Button>
          )}
        </Group>
      )}
    </div>
  );
}
