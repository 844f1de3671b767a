// The page of the browser main-thread bench: about 5,000 elements laid out like a real shop or content
// site (a navigation bar, a sidebar list, product cards with buttons and links, a table, a form, text,
// a footer), with the behaviour a single-page app has: links that navigate by pushState and re-render
// part of the page, buttons that change the DOM, some that do nothing (dead-click candidates).

const words = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa'.split(' ');
/** A deterministic phrase of `n` words from `seed`. */
const phrase = (seed, n) => Array.from({ length: n }, (_, i) => words[(seed * 7 + i * 3) % words.length]).join(' ');

export const PAGE_SIZE = { navLinks: 12, sideLinks: 150, cards: 300, tableRows: 120, paragraphs: 240, footerLinks: 100 };

function body() {
  const { navLinks, sideLinks, cards, tableRows, paragraphs, footerLinks } = PAGE_SIZE;
  const nav = Array.from({ length: navLinks }, (_, i) => `<li><a data-spa href="/section/${i}">${phrase(i, 1)}</a></li>`).join('');
  const side = Array.from({ length: sideLinks }, (_, i) => `<li><a data-spa href="/category/${i}">${phrase(i, 2)}</a></li>`).join('');
  const card = (i) =>
    `<article class="card" id="card-${i}"><div class="thumb"></div><h3>${phrase(i, 3)}</h3>` +
    `<p>${phrase(i + 1, 8)} <span class="price">$${(i * 3) % 97}.99</span> <em>${phrase(i, 1)}</em></p>` +
    `<div class="actions"><button class="buy" data-id="${i}">Add to cart</button>` +
    `<a class="more" data-spa href="/product/${i}">Details</a><button class="fav" aria-label="favourite">♥</button></div></article>`;
  const table = Array.from({ length: tableRows }, (_, r) => `<tr>${Array.from({ length: 5 }, (_, c) => `<td>${phrase(r + c, 1)}</td>`).join('')}</tr>`).join(
    '',
  );
  const text = Array.from(
    { length: paragraphs },
    (_, i) => `<p>${phrase(i, 12)} <strong>${phrase(i, 2)}</strong> <a href="#p${i}">${phrase(i, 1)}</a></p>`,
  ).join('');
  const footer = Array.from({ length: footerLinks }, (_, i) => `<li><a href="#f${i}">${phrase(i, 2)}</a></li>`).join('');
  const fields = ['name', 'email', 'company', 'city', 'message']
    .map((name) => `<label>${name} <input name="${name}" type="${name === 'email' ? 'email' : 'text'}"></label>`)
    .join('');
  return `<header><nav><ul class="nav">${nav}</ul></nav><input id="search" type="search" placeholder="Search"></header>
<div class="layout"><aside><ul>${side}</ul></aside>
<main><h1 id="title">Home</h1>
<section class="cards">${Array.from({ length: cards }, (_, i) => card(i)).join('')}</section>
<table><thead><tr><th>a</th><th>b</th><th>c</th><th>d</th><th>e</th></tr></thead><tbody>${table}</tbody></table>
<form id="contact">${fields}<input type="password" name="password"><button type="submit">Send</button></form>
<section class="text">${text}</section></main></div>
<footer><ul>${footer}</ul></footer>`;
}

const STYLE = `body{font:14px sans-serif;margin:0}.nav{display:flex;gap:8px;list-style:none}.layout{display:flex}
aside{width:200px;flex:none}.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:8px}
.card{border:1px solid #ddd;padding:6px}.thumb{height:60px;background:#eef}.card.added{outline:2px solid green}
table{border-collapse:collapse}td{border:1px solid #eee;padding:2px 4px}`;

/** The page's own behaviour: SPA navigation re-renders the title and 20 cards; "Add to cart" marks its card. */
const BEHAVIOUR = `document.addEventListener('click', (event) => {
  const link = event.target.closest('a[data-spa]');
  if (link) {
    event.preventDefault();
    history.pushState(null, '', link.getAttribute('href'));
    document.getElementById('title').textContent = link.textContent;
    const cards = document.querySelectorAll('.card h3');
    const from = (location.pathname.length * 13) % (cards.length - 20);
    for (let i = from; i < from + 20; i++) cards[i].textContent = location.pathname + ' ' + i;
    return;
  }
  const buy = event.target.closest('button.buy');
  if (buy) {
    const card = buy.closest('.card');
    card.classList.toggle('added');
    const badge = document.createElement('span');
    badge.textContent = 'added';
    card.appendChild(badge);
  }
});
document.getElementById('contact').addEventListener('submit', (event) => event.preventDefault());`;

/** The whole page; `sdk` is the HTML of the function that loads the SDK under test when the bench calls it. */
export function benchPage(sdk) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>bench shop</title><style>${STYLE}</style></head>
<body>${body()}<script>${BEHAVIOUR}</script><script>${sdk}</script></body></html>`;
}
