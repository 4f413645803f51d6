import { readdirSync } from 'node:fs';
import {
  EXPORT_COMMIT,
  EXPORT_REPOSITORY,
  RECIPES_FOLDER,
  RECIPES_LISTING,
} from '../../../src/ingest/sources/ncs/ncs-content-export-2020/repository.js';
import { upstreamPath } from '../upstream.js';
import { file, json, type PublisherResponse } from './routes.js';

/**
 * DfE's Service Taxonomy editor repository on GitHub: the contents API's listing of the recipes
 * folder at the pinned commit (entries in the API's documented shape: name, path, sha, size, url,
 * html_url, git_url, download_url, type, _links), and each job-profile recipe file at its
 * raw.githubusercontent.com address, the mirror's byte copy. The listing also holds entries the
 * source must pass over: the import set's ESCO files (`Create*`, numbers 1-178), another set's
 * file, a folder and the master recipe's README.
 */

const RAW = `https://raw.githubusercontent.com/${EXPORT_REPOSITORY}/${EXPORT_COMMIT}/${RECIPES_FOLDER}/`;

function entry(name: string, type: 'file' | 'dir', size: number) {
  const path = `${RECIPES_FOLDER}/${name}`;
  const api = `https://api.github.com/repos/${EXPORT_REPOSITORY}/contents/${encodeURI(path)}?ref=${EXPORT_COMMIT}`;
  return {
    name,
    path,
    sha: '0'.repeat(40),
    size,
    url: api,
    html_url: `https://github.com/${EXPORT_REPOSITORY}/blob/${EXPORT_COMMIT}/${encodeURI(path)}`,
    git_url: `https://api.github.com/repos/${EXPORT_REPOSITORY}/git/blobs/${'0'.repeat(40)}`,
    download_url: type === 'file' ? `${RAW}${encodeURIComponent(name)}` : null,
    type,
    _links: { self: api },
  };
}

export function exportRepositoryRoutes(): [string, PublisherResponse][] {
  const folder = upstreamPath('ncs-content-export-2020/recipes');
  const recipes = readdirSync(folder).filter((name) => name.endsWith('.recipe.json'));
  const listing = [
    entry('01. CreateOccupationLabelNodes_79e9f26d-6152-4246-9dc1-3f7d289acb59.recipe.json', 'file', 120),
    entry('100. CreateSkillLabelContentItems61000_79e9f26d-6152-4246-9dc1-3f7d289acb59.recipe.json', 'file', 900),
    entry('178. CreateOccupationContentItems7000_79e9f26d-6152-4246-9dc1-3f7d289acb59.recipe.json', 'file', 900),
    entry('12. JobProfiles0_1910c1be-8ca3-4507-8627-fd1dddf6d4be.recipe.json', 'file', 500),
    entry('Archive', 'dir', 0),
    ...recipes.map((name) => entry(name, 'file', 1)),
  ].sort((a, b) => a.name.localeCompare(b.name));
  return [
    [RECIPES_LISTING, json(listing)],
    ...recipes.map((name): [string, PublisherResponse] => [
      `${RAW}${encodeURIComponent(name)}`,
      file(`${folder}/${name}`, 'text/plain; charset=utf-8'),
    ]),
  ];
}
