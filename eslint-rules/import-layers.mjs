// The `layering/import-layers` rule: no import runs from a lower package or folder to a higher one.
// The layers themselves are written once, in eslint.config.mjs; this file only reads them.
import path from 'node:path';

const SOURCE_EXTENSION = /\.(?:[cm]?[jt]s|tsx)$/;
const WORKSPACE_SCOPE = '@northstar/';

/** `a/b/../c.js` → `a/c` (forward slashes, no extension), for comparing files named either way. */
function fileKey(relativePath) {
  return path.posix.normalize(relativePath).replace(SOURCE_EXTENSION, '');
}

function isWithin(relativePath, dir) {
  return relativePath.startsWith(`${dir}/`);
}

/** The folder matching `pattern` (`*` stands for one path segment) that holds `relativePath`, if any. */
function areaOf(relativePath, pattern) {
  const prefix = relativePath.split('/').slice(0, pattern.split('/').length);
  const matches = pattern.split('/').every((segment, i) => segment === '*' || segment === prefix[i]);
  return matches && isWithin(relativePath, prefix.join('/')) ? prefix.join('/') : undefined;
}

/** `@northstar/server/sub` → `@northstar/server`. */
function packageName(specifier) {
  return specifier.split('/').slice(0, 2).join('/');
}

/** Import declarations and `export ... from` are type-only when the whole statement is (verbatimModuleSyntax keeps the rest). */
function isTypeOnly(node) {
  return node.importKind === 'type' || node.exportKind === 'type';
}

const optionsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['root'],
  properties: {
    root: { type: 'string' },
    sealed: { type: 'array', items: { type: 'string' } },
    workspaces: { type: 'array', items: { type: 'string' } },
    packages: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'imports'],
        properties: {
          name: { type: 'string' },
          imports: { type: 'array', items: { type: 'string' } },
          typeImports: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    folders: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['root'],
        properties: {
          root: { type: 'string' },
          layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
          isolated: { type: 'boolean' },
          allow: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['from', 'to'],
              properties: { from: { type: 'string' }, to: { type: 'string' } },
            },
          },
        },
      },
    },
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const importLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports run only downwards: from a higher package or folder to a lower one, type imports included.' },
    schema: [optionsSchema],
    messages: {
      upward:
        '{{from}}/ may not import {{target}}: {{from}}/ sits below {{to}}/ in the layers of {{root}} (eslint.config.mjs). Move the shared term down to the folder that owns it.',
      unlisted: '{{folder}}/ is not in the layers of {{root}}: add it to the layer order in eslint.config.mjs.',
      isolated: '{{from}}/ may not import {{target}}: the folders of {{root}} do not import one another (eslint.config.mjs).',
      rootEntry: '{{target}} is an entry file of {{root}}, above every folder: import what you need from its folder instead.',
      package: '{{package}} may not import {{target}} (the package graph runs one way: see the packages in eslint.config.mjs).',
      typeOnlyPackage: '{{package}} may import only types of {{target}}: write `import type`.',
      sealed: '{{target}} is in {{dir}}/, which nothing outside it may import.',
      outsideSource: 'The source of {{package}} may not import {{target}}: only other source files and the packages it depends on.',
      unlistedPackage: '{{dir}} is not in the package graph: add it to the packages in eslint.config.mjs.',
      staleAllow: 'The layering allow-list entry {{from}} → {{to}} matches no import any more: remove it from eslint.config.mjs.',
    },
  },
  create(context) {
    const { root, sealed = [], workspaces = [], packages = {}, folders = [] } = context.options[0];
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    if (file.startsWith('..') || path.isAbsolute(file)) return {};

    const packageDirs = Object.keys(packages);
    const ownDir = packageDirs.find((dir) => isWithin(file, dir));
    const ownPackage = ownDir === undefined ? undefined : packages[ownDir];
    const inSource = ownDir !== undefined && isWithin(file, `${ownDir}/src`);
    const trees = folders.filter((candidate) => isWithin(file, candidate.root));
    const allowEntries = trees.flatMap((tree) => tree.allow ?? []).filter((entry) => fileKey(entry.from) === fileKey(file));
    const usedAllowEntries = new Set();

    /** The first folder below `tree.root` that holds `relativePath`; undefined for a file of the root itself. */
    function folderOf(tree, relativePath) {
      const [first, ...rest] = path.posix.relative(tree.root, relativePath).split('/');
      return rest.length === 0 ? undefined : first;
    }

    function checkPackage(node, targetName, typeOnly) {
      if (!ownPackage || !inSource || targetName === ownPackage.name) return;
      if (ownPackage.imports.includes(targetName)) return;
      const typesAllowed = (ownPackage.typeImports ?? []).includes(targetName);
      if (typesAllowed && typeOnly) return;
      context.report({ node, messageId: typesAllowed ? 'typeOnlyPackage' : 'package', data: { package: ownPackage.name, target: targetName } });
    }

    /** Whether `from` may import `to`, two folders of `tree`, or the message that says why not. */
    function folderProblem(tree, from, to) {
      if (tree.isolated) return 'isolated';
      const fromLayer = tree.layers.findIndex((layer) => layer.includes(from));
      const toLayer = tree.layers.findIndex((layer) => layer.includes(to));
      if (fromLayer < 0 || toLayer < 0) return 'unlisted';
      return toLayer < fromLayer ? undefined : 'upward';
    }

    function checkTree(node, tree, target) {
      const from = folderOf(tree, file);
      if (from === undefined || !isWithin(target, tree.root)) return; // entry files (index.ts) sit above every folder
      const to = folderOf(tree, target);
      if (from === to) return;
      const data = { from, to, target, root: tree.root };
      if (to === undefined) return context.report({ node, messageId: 'rootEntry', data });
      const problem = folderProblem(tree, from, to);
      if (problem === undefined) return;
      const allowed = allowEntries.find((entry) => fileKey(entry.to) === fileKey(target));
      if (allowed) return usedAllowEntries.add(allowed);
      const unlisted = tree.layers?.some((layer) => layer.includes(from)) ? to : from;
      context.report({ node, messageId: problem, data: problem === 'unlisted' ? { folder: unlisted, root: tree.root } : data });
    }

    function check(node, specifier, typeOnly) {
      if (typeof specifier !== 'string') return;
      if (specifier.startsWith(WORKSPACE_SCOPE)) return checkPackage(node, packageName(specifier), typeOnly);
      if (!specifier.startsWith('.')) return; // npm dependencies and Node built-ins
      const target = path.posix.join(path.posix.dirname(file), specifier);
      for (const pattern of sealed) {
        const area = areaOf(target, pattern);
        if (area !== undefined && area !== areaOf(file, pattern)) return context.report({ node, messageId: 'sealed', data: { target, dir: area } });
      }
      const targetDir = packageDirs.find((dir) => isWithin(target, dir));
      if (inSource && targetDir !== ownDir) {
        if (targetDir === undefined || !isWithin(target, `${targetDir}/src`)) {
          return context.report({ node, messageId: 'outsideSource', data: { package: ownPackage.name, target } });
        }
        return checkPackage(node, packages[targetDir].name, typeOnly);
      }
      if (inSource && !isWithin(target, `${ownDir}/src`)) {
        return context.report({ node, messageId: 'outsideSource', data: { package: ownPackage.name, target } });
      }
      for (const tree of trees) checkTree(node, tree, target);
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value, isTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node.source, node.source.value, isTypeOnly(node)),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value, false),
      TSImportType: (node) => check(node, node.argument?.literal?.value, true),
      'Program:exit'(node) {
        const workspace = workspaces.map((pattern) => areaOf(file, pattern)).find((dir) => dir !== undefined);
        if (workspace !== undefined && ownDir === undefined && isWithin(file, `${workspace}/src`)) {
          context.report({ node, messageId: 'unlistedPackage', data: { dir: workspace } });
        }
        for (const entry of allowEntries) {
          if (!usedAllowEntries.has(entry)) context.report({ node, messageId: 'staleAllow', data: entry });
        }
      },
    };
  },
};

/** The local plugin of eslint.config.mjs. */
export const layering = { meta: { name: 'layering' }, rules: { 'import-layers': importLayers } };
