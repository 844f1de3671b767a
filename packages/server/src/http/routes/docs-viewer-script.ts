/**
 * The script of the `/docs` page: it reads the OpenAPI document two folders up from itself
 * (`<mount>/docs/assets/` → `<mount>/v1/openapi.json`) and renders every operation, grouped by tag,
 * each with its parameters, body, responses and a "Try it" form whose requests go to the same mount
 * point. Every text of the document is set with `textContent` (never parsed as HTML), no request
 * leaves the page's origin, and nothing is stored: credentials typed in stay in the page's memory.
 * Plain ES2017 with no dependency, so that serving it needs no third-party package.
 */
export const DOCS_VIEWER_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var here = script && script.src ? script.src : window.location.href;
  var mount = new URL('../../', here);
  var root = document.getElementById('reference');
  var METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];
  var credentials = { apiKey: '', bearer: '' };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function append(parent) {
    for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]);
    return parent;
  }
  function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
  function slug(text) {
    return String(text).replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
  }

  /** The schema with its local $refs replaced by what they name, cycles and deep nesting cut. */
  function resolve(doc, value, depth) {
    if (depth > 12) return '…';
    if (Array.isArray(value)) return value.map(function (item) { return resolve(doc, item, depth + 1); });
    if (!isObject(value)) return value;
    if (typeof value.$ref === 'string' && value.$ref.indexOf('#/') === 0) {
      var target = value.$ref.slice(2).split('/').reduce(function (node, key) {
        return isObject(node) ? node[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      }, doc);
      return target === undefined ? value : resolve(doc, target, depth + 1);
    }
    var out = {};
    Object.keys(value).forEach(function (key) { out[key] = resolve(doc, value[key], depth + 1); });
    return out;
  }
  function json(value) {
    try { return JSON.stringify(value, null, 2); } catch (error) { return String(value); }
  }

  function credentialsForm() {
    var form = el('form', 'credentials');
    form.addEventListener('submit', function (event) { event.preventDefault(); });
    append(form, el('h2', null, 'Credentials for "Try it"'), el('p', 'hint', 'Kept in this page only; sent to this server alone.'));
    [['apiKey', 'X-API-Key (pk_...)'], ['bearer', 'Authorization: Bearer (sk_... or access token)']].forEach(function (field) {
      var label = el('label', null, field[1]);
      var input = el('input');
      input.type = 'password';
      input.autocomplete = 'off';
      input.name = field[0];
      input.addEventListener('input', function () { credentials[field[0]] = input.value.trim(); });
      append(form, append(label, input));
    });
    return form;
  }

  function parametersTable(parameters) {
    if (!parameters.length) return null;
    var table = el('table', 'parameters');
    append(table, append(el('tr'), el('th', null, 'name'), el('th', null, 'in'), el('th', null, 'type'), el('th', null, 'required'), el('th', null, 'description')));
    parameters.forEach(function (p) {
      var schema = isObject(p.schema) ? p.schema : {};
      append(table, append(el('tr'), el('td', 'code', p.name), el('td', null, p.in), el('td', 'code', schema.type || ''), el('td', null, p.required ? 'yes' : 'no'), el('td', null, p.description || schema.description || '')));
    });
    return append(el('section'), el('h4', null, 'Parameters'), table);
  }

  function bodySection(body) {
    if (!isObject(body) || !isObject(body.content)) return null;
    var section = append(el('section'), el('h4', null, 'Request body'));
    Object.keys(body.content).forEach(function (type) {
      append(section, append(el('details'), el('summary', 'code', type), el('pre', 'schema', json((body.content[type] || {}).schema))));
    });
    return section;
  }

  function responsesSection(responses) {
    if (!isObject(responses)) return null;
    var list = el('dl', 'responses');
    Object.keys(responses).forEach(function (status) {
      var response = responses[status] || {};
      var details = el('dd', null, response.description || '');
      if (isObject(response.content)) {
        Object.keys(response.content).forEach(function (type) {
          var schema = (response.content[type] || {}).schema;
          var more = append(el('details'), el('summary', 'code', type));
          append(details, append(more, el('pre', 'schema', json(schema))));
        });
      }
      append(list, el('dt', 'status status-' + String(status).charAt(0), status), details);
    });
    return append(el('section'), el('h4', null, 'Responses'), list);
  }

  function exampleOf(body) {
    if (!isObject(body) || !isObject(body.content)) return null;
    var type = Object.keys(body.content)[0];
    var schema = (body.content[type] || {}).schema || {};
    var example = Array.isArray(schema.examples) ? schema.examples[0] : schema.example;
    return { type: type, text: example === undefined ? (type.indexOf('json') >= 0 ? '{}' : '') : (typeof example === 'string' ? example : json(example)) };
  }

  /** Sends the operation to this server, under the router's mount point. */
  function tryIt(path, method, parameters, body) {
    var form = el('form', 'try-it');
    var inputs = [];
    append(form, el('h4', null, 'Try it'));
    parameters.forEach(function (p) {
      if (p.in !== 'path' && p.in !== 'query' && p.in !== 'header') return;
      var input = el('input');
      input.name = p.name;
      input.required = p.in === 'path';
      inputs.push({ parameter: p, input: input });
      append(form, append(el('label', null, p.name + ' (' + p.in + ')'), input));
    });
    var example = exampleOf(body);
    var textarea = null;
    if (example) {
      textarea = el('textarea');
      textarea.name = 'body';
      textarea.rows = 6;
      textarea.value = example.text;
      append(form, append(el('label', null, 'body (' + example.type + ')'), textarea));
    }
    var send = el('button', 'send', 'Send');
    send.type = 'submit';
    var output = el('pre', 'result');
    append(form, send, output);
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var target = path.replace(/^\//, '');
      var headers = {};
      var query = new URLSearchParams();
      inputs.forEach(function (entry) {
        var value = entry.input.value;
        if (entry.parameter.in === 'path') target = target.split('{' + entry.parameter.name + '}').join(encodeURIComponent(value));
        else if (value !== '' && entry.parameter.in === 'query') query.append(entry.parameter.name, value);
        else if (value !== '') headers[entry.parameter.name] = value;
      });
      var url = new URL(target, mount);
      url.search = query.toString();
      if (url.origin !== mount.origin) return;
      if (credentials.apiKey) headers['X-API-Key'] = credentials.apiKey;
      if (credentials.bearer) headers.Authorization = 'Bearer ' + credentials.bearer;
      var init = { method: method.toUpperCase(), headers: headers, credentials: 'same-origin' };
      if (textarea && method !== 'get' && method !== 'head') {
        headers['Content-Type'] = example.type;
        init.body = textarea.value;
      }
      output.textContent = init.method + ' ' + url.pathname + url.search + ' …';
      window.fetch(url.href, init).then(function (res) {
        return res.text().then(function (text) {
          var shown = text;
          try { shown = json(JSON.parse(text)); } catch (error) { /* not JSON: shown as sent */ }
          output.textContent = res.status + ' ' + res.statusText + '\n' + shown;
        });
      }, function (error) {
        output.textContent = 'Request failed: ' + (error && error.message ? error.message : String(error));
      });
    });
    return form;
  }

  function operationBlock(doc, path, method, op, inherited) {
    var parameters = inherited.concat(Array.isArray(op.parameters) ? op.parameters : []).map(function (p) { return resolve(doc, p, 0); }).filter(isObject);
    var body = resolve(doc, op.requestBody, 0);
    var block = el('details', 'operation method-' + method);
    block.id = slug(op.operationId || method + ' ' + path);
    var summary = append(el('summary'), el('span', 'method', method.toUpperCase()), el('span', 'path', path), el('span', 'summary', op.summary || ''));
    append(block, summary);
    if (op.description) append(block, el('p', 'description', op.description));
    var security = Array.isArray(op.security) ? op.security : doc.security;
    var access = Array.isArray(security) && security.length
      ? security.map(function (entry) {
          return Object.keys(entry).map(function (name) { return name + (entry[name] && entry[name].length ? ' (' + entry[name].join(', ') + ')' : ''); }).join(' + ');
        }).join(' or ')
      : 'none';
    append(block, el('p', 'access', 'Credential: ' + access));
    append(block, parametersTable(parameters), bodySection(body), responsesSection(resolve(doc, op.responses, 0)), tryIt(path, method, parameters, body));
    return block;
  }

  function render(doc) {
    if (!isObject(doc) || !isObject(doc.paths)) throw new Error('The document has no paths');
    var info = isObject(doc.info) ? doc.info : {};
    root.textContent = '';
    append(root, el('h1', null, (info.title || 'API') + (info.version ? ' ' + info.version : '')));
    if (info.description) append(root, el('p', 'description', info.description));
    append(root, credentialsForm());
    var groups = {};
    var order = [];
    Object.keys(doc.paths).forEach(function (path) {
      var item = doc.paths[path];
      if (!isObject(item)) return;
      var inherited = Array.isArray(item.parameters) ? item.parameters : [];
      METHODS.forEach(function (method) {
        var op = item[method];
        if (!isObject(op)) return;
        var tag = Array.isArray(op.tags) && op.tags.length ? String(op.tags[0]) : 'Other';
        if (!groups[tag]) { groups[tag] = []; order.push(tag); }
        groups[tag].push(operationBlock(doc, path, method, op, inherited));
      });
    });
    order.forEach(function (tag) {
      var section = append(el('section', 'tag'), el('h2', null, tag + ' (' + groups[tag].length + ')'));
      section.id = 'tag-' + slug(tag);
      groups[tag].forEach(function (block) { section.appendChild(block); });
      root.appendChild(section);
    });
    root.setAttribute('aria-busy', 'false');
  }

  window.fetch(new URL('v1/openapi.json', mount).href, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then(function (res) {
      if (!res.ok) throw new Error('GET v1/openapi.json answered ' + res.status);
      return res.json();
    })
    .then(function (doc) { render(doc); })
    .catch(function (error) {
      root.textContent = '';
      append(root, el('p', 'error', 'The API reference could not be loaded: ' + (error && error.message ? error.message : String(error))));
      root.setAttribute('aria-busy', 'false');
    });
})();
`;
