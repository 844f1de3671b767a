/**
 * The script of the playback page (`/replay?project=<id>&session=<id>`). It signs the member in the
 * way the admin UI does (docs/auth.md): an access token from `POST auth/refresh` with the `ns_refresh`
 * cookie of an earlier sign-in (refreshes serialised across tabs with the Web Locks API, so two tabs
 * never present one refresh token twice), else from the sign-in form (`POST auth/login`, which sets
 * the cookie). The token stays in this page's memory. It then reads the session and its chunks from
 * `v1/projects/:projectId/replays/:sessionId` with `Authorization: Bearer`, plays them with rrweb's
 * `Replayer` (served by this server as `replay/assets/rrweb.js`), and lists the session's timeline,
 * each entry a button that seeks the player. Every server value is set with `textContent`; no request
 * leaves the page's origin. `main[data-state]` says where it is: loading, signin, ready or error.
 * Plain ES2017 with no dependency besides the rrweb global.
 */
export const PLAYER_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var mount = new URL('../../', script && script.src ? script.src : window.location.href);
  var main = document.getElementById('player-page');
  var statusLine = document.getElementById('status');
  var params = new URLSearchParams(window.location.search);
  var projectId = params.get('project') || '';
  var sessionId = params.get('session') || '';
  var token = null;
  var replayer = null;
  var firstTimestamp = 0;
  var totalTime = 0;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function setState(state, message) {
    main.setAttribute('data-state', state);
    statusLine.textContent = message || '';
  }
  function fail(message) {
    setState('error', message);
  }
  function clock(ms) {
    var seconds = Math.max(0, Math.floor(ms / 1000));
    var minutes = Math.floor(seconds / 60);
    return minutes + ':' + String(seconds % 60).padStart(2, '0');
  }

  /** POST auth/refresh, one tab at a time: a refresh token presented twice counts as stolen (docs/auth.md). */
  function refresh() {
    var run = function () {
      return window.fetch(new URL('auth/refresh', mount).href, { method: 'POST', credentials: 'same-origin' }).then(function (res) {
        if (!res.ok) return null;
        return res.json().then(function (body) { return body && typeof body.access_token === 'string' ? body.access_token : null; });
      });
    };
    return navigator.locks && navigator.locks.request ? navigator.locks.request('northstar-auth-refresh', run) : run();
  }

  function signIn(email, password) {
    return window.fetch(new URL('auth/login', mount).href, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: email, password: password }),
    }).then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok) throw new Error(body && body.error ? body.error : 'Sign-in failed (' + res.status + ')');
        return body.access_token;
      });
    });
  }

  /** GET a JSON resource of the API with the access token; a 401 refreshes the token once. */
  function api(path, retried) {
    return window.fetch(new URL(path, mount).href, { headers: { Authorization: 'Bearer ' + token, Accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (res) {
        if (res.status === 401 && !retried) {
          return refresh().then(function (fresh) {
            if (!fresh) throw new Error('Your session has ended: sign in again');
            token = fresh;
            return api(path, true);
          });
        }
        return res.json().then(function (body) {
          if (!res.ok) throw new Error(body && body.error ? body.error : 'Request failed (' + res.status + ')');
          return body;
        });
      });
  }

  function showSignIn(message) {
    var form = document.getElementById('signin');
    form.hidden = false;
    setState('signin', message || 'Sign in with your Northstar account to watch this session.');
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var email = form.elements.namedItem('email').value;
      var password = form.elements.namedItem('password').value;
      setState('loading', 'Signing in…');
      signIn(email, password).then(function (access) {
        token = access;
        form.hidden = true;
        load();
      }, function (error) {
        setState('signin', error.message);
      });
    });
  }

  function sessionBase() {
    return 'v1/projects/' + encodeURIComponent(projectId) + '/replays/' + encodeURIComponent(sessionId);
  }

  /** Every chunk of the session, page after page. */
  function allEvents() {
    var events = [];
    function page(fromSeq) {
      return api(sessionBase() + '/chunks?limit=50&from_seq=' + fromSeq).then(function (body) {
        body.chunks.forEach(function (chunk) { events.push.apply(events, chunk.events); });
        return body.next_seq === null ? events : page(body.next_seq);
      });
    }
    return page(0).then(function () {
      return events.sort(function (a, b) { return a.timestamp - b.timestamp; });
    });
  }

  function describe(session) {
    var list = document.getElementById('session-facts');
    var facts = [
      ['Started', new Date(session.started_at).toLocaleString()],
      ['Duration', clock(session.duration_ms)],
      ['User', session.user_id || 'anonymous'],
      ['Device', session.device_id || '—'],
      ['Pages', session.pages.count],
      ['Frustration', session.frustration.total],
      ['Errors', session.errors],
    ];
    facts.forEach(function (fact) {
      list.appendChild(el('dt', null, fact[0]));
      list.appendChild(el('dd', null, fact[1]));
    });
  }

  function seek(offset) {
    if (!replayer) return;
    var at = Math.min(Math.max(0, offset), totalTime);
    // rrweb applies the events strictly before the time it pauses at: 1 ms more shows the moment itself
    // (the seeked event, the last event of the session) as it was.
    replayer.pause(at + 1);
    showTime(at);
  }

  function showTime(at) {
    document.getElementById('seek').value = String(Math.round(at));
    document.getElementById('time').textContent = clock(at) + ' / ' + clock(totalTime);
    main.setAttribute('data-time', String(Math.round(at)));
  }

  function timeline(entries) {
    var list = document.getElementById('timeline');
    entries.forEach(function (entry) {
      var item = el('li', 'entry entry-' + entry.kind);
      var button = el('button', null);
      button.type = 'button';
      var offset = Date.parse(entry.timestamp) - firstTimestamp;
      button.setAttribute('data-offset', String(offset));
      button.appendChild(el('span', 'at', clock(offset)));
      button.appendChild(el('span', 'name', entry.event));
      if (entry.label) button.appendChild(el('span', 'label', entry.label));
      button.addEventListener('click', function () { seek(offset); });
      item.appendChild(button);
      list.appendChild(item);
    });
  }

  /** Scales the recorded viewport into the stage, keeping its proportions. */
  function fit(width, height) {
    var stage = document.getElementById('stage');
    var wrapper = stage.querySelector('.replayer-wrapper');
    if (!wrapper || !width || !height) return;
    var scale = Math.min(1, stage.clientWidth / width);
    wrapper.style.transform = 'scale(' + scale + ')';
    wrapper.style.transformOrigin = '0 0';
    stage.style.height = Math.ceil(height * scale) + 'px';
  }

  function play(events) {
    if (events.length < 2) throw new Error('This session holds too few events to play');
    firstTimestamp = events[0].timestamp;
    replayer = new window.rrweb.Replayer(events, {
      root: document.getElementById('stage'),
      mouseTail: false,
      showWarning: false,
      triggerFocus: false,
      UNSAFE_replayCanvas: false,
    });
    totalTime = replayer.getMetaData().totalTime;
    var range = document.getElementById('seek');
    range.max = String(totalTime);
    range.disabled = false;
    range.addEventListener('input', function () { seek(Number(range.value)); });
    var toggle = document.getElementById('play');
    toggle.disabled = false;
    toggle.addEventListener('click', function () {
      if (toggle.getAttribute('aria-pressed') === 'true') {
        replayer.pause();
      } else {
        replayer.play(replayer.getCurrentTime() >= totalTime ? 0 : replayer.getCurrentTime());
      }
    });
    replayer.on('start', function () { toggle.setAttribute('aria-pressed', 'true'); toggle.textContent = 'Pause'; });
    replayer.on('pause', function () { toggle.setAttribute('aria-pressed', 'false'); toggle.textContent = 'Play'; });
    replayer.on('finish', function () { toggle.setAttribute('aria-pressed', 'false'); toggle.textContent = 'Play'; showTime(totalTime); });
    replayer.on('resize', function (size) { fit(size.width, size.height); });
    window.setInterval(function () {
      if (toggle.getAttribute('aria-pressed') === 'true') showTime(replayer.getCurrentTime());
    }, 250);
    var meta = events.filter(function (event) { return event.type === 4; })[0];
    if (meta && meta.data) fit(meta.data.width, meta.data.height);
    seek(0);
  }

  function load() {
    setState('loading', 'Loading the session…');
    api(sessionBase())
      .then(function (detail) {
        describe(detail.session);
        return allEvents().then(function (events) {
          play(events);
          timeline(detail.timeline);
          setState('ready', '');
        });
      })
      .catch(function (error) { fail(error.message); });
  }

  if (!projectId || !sessionId) {
    fail('Open this page as replay?project=<project id>&session=<session id>.');
    return;
  }
  if (!window.rrweb || !window.rrweb.Replayer) {
    fail('The player (rrweb) did not load.');
    return;
  }
  setState('loading', 'Signing in…');
  refresh().then(function (access) {
    if (!access) return showSignIn();
    token = access;
    load();
  }, function () { showSignIn(); });
})();
`;
