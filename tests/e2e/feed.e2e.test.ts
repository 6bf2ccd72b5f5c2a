// Shared files and the feed in the browser: the administrator shares an owners-only file that the owner
// downloads and the resident never sees; the administrator publishes a poll; the owner and the resident vote in
// two open pages and each sees the other's vote arrive live; a comment reaches the other page too.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
const prisma = () => env.t.app.db.prisma;
const FILE_NAME = 'Presupuesto anual 2027';
const QUESTION = '¿Qué día prefieren para la limpieza de áreas verdes?';
// A tiny PDF: the upload checks the content.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

beforeAll(async () => {
  env = await startBrowserEnv();
});
const pages: Page[] = [];
afterAll(() => env?.close());

async function open(email: string) {
  const page = await env.newPage();
  pages.push(page);
  await signInToShell(page, env.base, email);
  return page;
}

/** The page as a phone shows it (375 px), which must not scroll sideways. */
async function phoneShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > 376) throw new Error(`${name} scrolls sideways at 375 px (${width} px wide)`);
  await screenshot(page, `${name}-375`);
}

describe('shared files and the feed in the browser', () => {
  it('an owners-only file, a poll voted live from two pages, and a comment', async () => {
    onTestFailed(async () => {
      for (const [i, page] of pages.entries()) await screenshot(page, `feed-failed-${i}`).catch(() => undefined);
    });

    // The administrator shares a file with the owners only.
    const admin = await open('admin@demo.mx');
    await admin.goto(`${env.base}/neighborhood/files`);
    await admin.getByRole('heading', { name: 'Archivos compartidos' }).waitFor();
    await admin.getByText('Reglamento interno de Residencial Los Olivos').first().waitFor();
    await admin.getByText('Contrato de vigilancia (borrador)').first().waitFor();
    await admin.getByRole('link', { name: 'Subir archivo' }).first().click();
    await admin.getByRole('heading', { name: 'Subir archivo' }).waitFor();
    // Without the file the form says what is missing.
    await admin.getByRole('textbox', { name: /^Nombre/ }).fill(FILE_NAME);
    await admin.getByRole('button', { name: 'Compartir archivo' }).click();
    await admin.getByText('Sube el archivo que vas a compartir').waitFor();
    const tags = admin.getByRole('combobox', { name: 'Etiquetas' });
    await tags.fill('finanzas');
    await tags.press('Enter');
    await tags.fill('asamblea');
    await tags.press('Enter');
    await admin.getByRole('combobox', { name: /^Quién puede verlo/ }).click();
    await admin.getByRole('option', { name: 'Solo propietarios' }).click();
    await admin.locator('input[type="file"]').setInputFiles({ name: 'presupuesto-2027.pdf', mimeType: 'application/pdf', buffer: PDF });
    await admin.getByText('Archivo cargado').waitFor();
    await screenshotsAtBothWidths(admin, 'files-form');
    await admin.getByRole('button', { name: 'Compartir archivo' }).click();
    await admin.getByText('El archivo ha sido compartido').first().waitFor();
    await admin.waitForURL('**/neighborhood/files');
    const shared = await prisma().sharedFile.findFirstOrThrow({ where: { fileName: FILE_NAME } });
    expect(shared).toMatchObject({ access: 'OWNERS' });
    const row = admin.getByTestId(`shared-file-${shared.id}`);
    await row.getByText('Solo propietarios').waitFor();
    await row.getByText('finanzas').waitFor();
    // The search finds it by a tag.
    await admin.getByRole('textbox', { name: /^Buscar/ }).fill('finanzas');
    await admin.waitForURL('**search=finanzas**');
    await admin.getByText('Reglamento interno de Residencial Los Olivos').waitFor({ state: 'detached' });
    await row.waitFor();
    await admin.getByRole('textbox', { name: /^Buscar/ }).fill('');
    await admin.getByText('Reglamento interno de Residencial Los Olivos').first().waitFor();
    await screenshotsAtBothWidths(admin, 'files-admin-list');

    // The owner sees and downloads it; the resident does not see it.
    const owner = await open('propietario@demo.mx');
    await owner.goto(`${env.base}/houses/files`);
    await owner.getByRole('heading', { name: 'Archivos de la comunidad' }).waitFor();
    await owner.getByText(FILE_NAME).first().waitFor();
    await owner.getByText('Acta de la asamblea ordinaria de propietarios').first().waitFor();
    expect(await owner.getByText('Contrato de vigilancia (borrador)').count()).toBe(0);
    const download = owner.waitForEvent('download');
    await owner.getByTestId(`shared-file-${shared.id}`).getByRole('link', { name: 'Descargar' }).click();
    const saved = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(saved)).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshotsAtBothWidths(owner, 'files-house-list');
    // A tag lists the files that carry it.
    await owner.getByRole('link', { name: 'Ver los archivos con la etiqueta finanzas' }).click();
    await owner.waitForURL('**tag=finanzas**');
    await owner.getByText('Acta de la asamblea ordinaria de propietarios').waitFor({ state: 'detached' });
    await owner.getByText(FILE_NAME).first().waitFor();

    const resident = await open('residente@demo.mx');
    await resident.goto(`${env.base}/houses/files`);
    await resident.getByText('Reglamento interno de Residencial Los Olivos').first().waitFor();
    expect(await resident.getByText(FILE_NAME).count()).toBe(0);
    expect(await resident.getByText('Acta de la asamblea ordinaria de propietarios').count()).toBe(0);

    // Both open the news: the demo's lived-in feed.
    await owner.goto(`${env.base}/news`);
    await resident.goto(`${env.base}/news`);
    for (const page of [owner, resident]) {
      await page.getByRole('heading', { name: 'Noticias' }).waitFor();
      await page.getByText('Horario de la alberca en temporada de calor').first().waitFor();
    }

    // The administrator publishes a poll with three options.
    await admin.goto(`${env.base}/news`);
    await admin.getByRole('heading', { name: 'Noticias' }).waitFor();
    await admin.getByText('Horario de la alberca en temporada de calor').first().waitFor();
    await screenshotsAtBothWidths(admin, 'feed-news');
    await admin.getByRole('link', { name: 'Nueva publicación' }).first().click();
    await admin.getByRole('heading', { name: 'Nueva publicación' }).waitFor();
    await admin.getByText('Encuesta', { exact: true }).click();
    // core/feed.ts checks the form as the server does.
    await admin.getByRole('button', { name: 'Publicar' }).click();
    await admin.getByText('Escribe el texto de la publicación').waitFor();
    await admin.getByText('Escribe el texto de cada opción').waitFor();
    await admin.getByRole('textbox', { name: /^Pregunta/ }).fill(QUESTION);
    await admin.getByRole('textbox', { name: 'Opción 1' }).fill('Sábado');
    await admin.getByRole('textbox', { name: 'Opción 2' }).fill('Domingo');
    await admin.getByRole('button', { name: '+ Agregar opción' }).click();
    await admin.getByRole('textbox', { name: 'Opción 3' }).fill('Lunes');
    await admin.getByRole('switch', { name: 'Enviar aviso por correo' }).waitFor();
    await screenshotsAtBothWidths(admin, 'feed-post-form');
    await admin.getByRole('button', { name: 'Publicar' }).click();
    await admin.getByText('La publicación ha sido creada').first().waitFor();
    await admin.waitForURL('**/news');
    const post = await prisma().post.findFirstOrThrow({ where: { text: QUESTION } });
    const adminCard = admin.getByTestId(`post-${post.id}`);
    // The author sees the results from the start.
    await adminCard.getByText('0 votos en total').waitFor();

    // The open feeds hear of it.
    for (const page of [owner, resident]) {
      await page.getByTestId('feed-fresh').click();
      await page.getByTestId(`post-${post.id}`).getByText(QUESTION).waitFor();
    }
    const ownerCard = owner.getByTestId(`post-${post.id}`);
    const residentCard = resident.getByTestId(`post-${post.id}`);

    // The owner votes: the results show, and reach the resident's page without a reload.
    await ownerCard.getByRole('button', { name: 'Sábado' }).click();
    await owner.getByText('Tu voto fue completado !Gracias por participar!').first().waitFor();
    await ownerCard.getByText('100.00 %').waitFor();
    await ownerCard.getByText('1 voto en total').waitFor();
    await residentCard.getByText('1 voto en total').waitFor();
    // The resident votes: each page shows both votes.
    await residentCard.getByRole('button', { name: 'Domingo' }).click();
    await resident.getByText('Tu voto fue completado !Gracias por participar!').first().waitFor();
    await residentCard.getByText('2 votos en total').waitFor();
    await ownerCard.getByText('2 votos en total').waitFor();
    expect(await ownerCard.getByText('50.00 %').count()).toBe(2);
    await adminCard.getByText('2 votos en total').waitFor();
    await resident.setViewportSize({ width: 375, height: 812 });
    await residentCard.scrollIntoViewIfNeeded();
    await screenshot(resident, 'feed-poll-voted-375');

    // The resident comments; the owner's open comments show it.
    await ownerCard.getByRole('button', { name: '0 comentarios' }).click();
    await ownerCard.getByText('Todavía no hay comentarios.').waitFor();
    await residentCard.getByRole('button', { name: '0 comentarios' }).click();
    await residentCard.getByRole('textbox', { name: 'Tu comentario' }).fill('El domingo por la tarde estaría perfecto.');
    await residentCard.getByRole('button', { name: 'Comentar', exact: true }).click();
    await resident.getByText('El comentario ha sido agregado').first().waitFor();
    await ownerCard.getByText('El domingo por la tarde estaría perfecto.').waitFor();
    await ownerCard.getByRole('button', { name: '1 comentario' }).waitFor();
    await phoneShot(resident, 'feed-comments');

    // Who saw it: the administrator's list.
    await adminCard.getByRole('link', { name: /^Visto por/ }).click();
    await admin.getByRole('heading', { name: 'Quién vio la publicación' }).waitFor();
    await admin.locator('tbody tr').first().waitFor();
    await screenshotsAtBothWidths(admin, 'feed-post-views');
  }, 180_000);
});
