// The demo console's own client code (not deskhand). It behaves like a framework app:
// state lives in JS, so a value set on the DOM without the events a user produces is lost.
(() => {
  'use strict';
  const lang = document.body.dataset.lang || 'zh';
  const T = lang === 'en'
    ? { sent: 'Sent', sendFail: 'Send failed', noteFail: 'Could not add note', created: 'Ticket created', missing: 'Please fill in', assigned: 'Assigned to', choose: 'Choose…' }
    : { sent: '已发送', sendFail: '发送失败', noteFail: '备注添加失败', created: '工单已创建', missing: '请填写', assigned: '已分配到', choose: '请选择' };
  const $ = (sel, root = document) => root.querySelector(sel);
  const post = (path, body) =>
    fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ ok: r.ok, status: r.status, body: await r.json().catch(() => ({})) }));
  const convId = () => $('main.conversation')?.dataset.conversationId;

  // ---- reply editor: a model-based contenteditable (like ProseMirror/Lexical) ----
  const editor = { text: '' };
  function renderEditor(el) {
    el.textContent = editor.text;
    const range = document.createRange();
    range.selectNodeContents(el);
    range.collapse(false);
    const sel = getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
  }
  function bindEditor() {
    const el = $('.editor');
    if (!el) return;
    editor.text = '';
    el.addEventListener('beforeinput', (e) => {
      e.preventDefault();
      const sel = getSelection();
      const all = sel && el.contains(sel.anchorNode) && sel.toString() === el.textContent && el.textContent.length > 0;
      switch (e.inputType) {
        case 'insertText':
        case 'insertFromPaste':
        case 'insertReplacementText': {
          const data = e.data ?? e.dataTransfer?.getData('text/plain') ?? '';
          editor.text = all ? data : editor.text + data;
          break;
        }
        case 'insertParagraph':
        case 'insertLineBreak':
          editor.text += '\n';
          break;
        case 'deleteContentBackward':
          editor.text = all ? '' : editor.text.slice(0, -1);
          break;
        case 'deleteContent':
        case 'deleteByCut':
          if (all) editor.text = '';
          break;
        default:
          return;
      }
      renderEditor(el);
    });
  }

  // ---- conversation actions ----
  document.addEventListener('click', async (e) => {
    const target = e.target instanceof Element ? e.target : null;
    if (!target) return;
    const conv = target.closest('a.conv');
    if (conv) {
      e.preventDefault();
      await switchConversation(conv.dataset.conv);
      return;
    }
    if (target.closest('.send-btn')) return sendReply();
    if (target.closest('.note-btn')) return addNote();
    if (target.closest('.assign-btn')) return assignQueue();
    if (target.closest('.open-ticket')) return openTicket(true);
    if (target.closest('.close-ticket')) return openTicket(false);
  });

  async function switchConversation(id) {
    const res = await fetch(`/?c=${encodeURIComponent(id)}&partial=1${lang === 'en' ? '&lang=en' : ''}`);
    $('#workspace').innerHTML = await res.text();
    document.querySelectorAll('a.conv').forEach((a) => a.classList.toggle('active', a.dataset.conv === id));
    history.pushState({}, '', `/?c=${id}${lang === 'en' ? '&lang=en' : ''}`);
    bindEditor();
  }

  let sending = false;
  async function sendReply() {
    const text = editor.text.trim();
    const status = $('.send-status');
    if (!text || sending) return;
    sending = true;
    status.textContent = '…';
    try {
      const r = await post(`/api/conversations/${convId()}/messages`, { text });
      if (!r.ok) {
        status.textContent = `${T.sendFail} (${r.status})`;
        status.dataset.state = 'error';
        return;
      }
      const li = document.createElement('li');
      li.className = 'msg agent';
      li.dataset.messageId = r.body.id;
      li.innerHTML = '<span class="who"></span><time></time><p class="text"></p>';
      li.querySelector('time').textContent = r.body.time;
      li.querySelector('.text').textContent = text;
      $('.messages').append(li);
      editor.text = '';
      $('.editor').textContent = '';
      status.textContent = T.sent;
      status.dataset.state = 'ok';
    } catch {
      status.textContent = T.sendFail;
      status.dataset.state = 'error';
    } finally {
      sending = false;
    }
  }

  async function addNote() {
    const ta = $('.note textarea');
    const text = ta.value.trim();
    if (!text) return;
    const r = await post(`/api/conversations/${convId()}/notes`, { text });
    if (!r.ok) return alert(T.noteFail);
    const li = document.createElement('li');
    li.textContent = text;
    $('.notes').append(li);
    ta.value = '';
  }

  async function assignQueue() {
    const sel = $('.assign select');
    if (!sel.value) return;
    const r = await post(`/api/conversations/${convId()}/queue`, { queue: sel.value });
    $('.assigned').textContent = r.ok ? `${T.assigned}: ${sel.selectedOptions[0].textContent}` : `✗ ${r.status}`;
  }

  // ---- quick ticket: controlled title input, ARIA combobox, radios, shadow-root e-mail ----
  const form = { title: '', category: '' };
  const titleInput = $('#f-x81');
  // Like React: the element's own `value` property tracks what the framework last saw, so
  // assigning `.value` directly does not count as a change. Only the prototype's native
  // setter plus an input event does (what a typing user produces).
  const proto = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  let tracked = '';
  Object.defineProperty(titleInput, 'value', {
    configurable: true,
    get() {
      return proto.get.call(this);
    },
    set(v) {
      tracked = String(v);
      proto.set.call(this, v);
    },
  });
  titleInput.addEventListener('input', () => {
    const now = proto.get.call(titleInput);
    if (now === tracked) return; // React-style: no change seen
    tracked = now;
    form.title = now;
  });

  const combo = $('.combo');
  const listbox = $('#lb-c2');
  const setExpanded = (open) => {
    combo.setAttribute('aria-expanded', String(open));
    listbox.hidden = !open;
  };
  combo.addEventListener('click', () => setExpanded(listbox.hidden));
  combo.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
      e.preventDefault();
      setExpanded(true);
    }
  });
  listbox.addEventListener('click', (e) => {
    const opt = e.target instanceof Element ? e.target.closest('[role=option]') : null;
    if (!opt) return;
    form.category = opt.dataset.value;
    listbox.querySelectorAll('[role=option]').forEach((o) => o.setAttribute('aria-selected', String(o === opt)));
    combo.querySelector('.combo-value').textContent = opt.textContent;
    combo.setAttribute('aria-activedescendant', opt.id);
    setExpanded(false);
  });

  customElements.define(
    'dh-email-field',
    class extends HTMLElement {
      connectedCallback() {
        if (this.shadowRoot) return;
        const root = this.attachShadow({ mode: 'open' });
        root.innerHTML = `<label style="display:flex;flex-direction:column;font-size:13px">${this.dataset.label}<input type="email" name="em" autocomplete="off"></label>`;
      }
      get value() {
        return this.shadowRoot.querySelector('input').value;
      }
    },
  );

  function openTicket(open) {
    $('#quick-ticket').hidden = !open;
    if (open) titleInput.focus();
  }

  $('#quick-ticket form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const f = e.currentTarget;
    const result = $('.form-result');
    const payload = {
      title: form.title.trim(),
      category: form.category,
      priority: f.querySelector('input[name=pr]:checked')?.value ?? 'normal',
      description: f.querySelector('textarea[name=d_x]').value.trim(),
      conversationId: convId(),
      customer: {
        name: f.querySelector('input[name=c_n]').value,
        phone: f.querySelector('input[name=c_t]').value,
        email: f.querySelector('dh-email-field').value,
        orderId: f.querySelector('input[name=c_o]').value,
      },
    };
    const missing = ['title', 'category', 'description'].filter((k) => !payload[k]);
    if (missing.length) {
      result.textContent = `${T.missing}: ${missing.join(', ')}`;
      result.dataset.state = 'error';
      return;
    }
    const r = await post('/api/tickets', payload);
    if (!r.ok) {
      result.textContent = `✗ ${r.body.error ?? r.status}`;
      result.dataset.state = 'error';
      return;
    }
    result.textContent = `${T.created}: ${r.body.id}`;
    result.dataset.state = 'ok';
    result.dataset.ticketId = r.body.id;
    f.reset();
    form.title = '';
    tracked = '';
    form.category = '';
    combo.querySelector('.combo-value').textContent = T.choose;
    listbox.querySelectorAll('[role=option]').forEach((o) => o.setAttribute('aria-selected', 'false'));
  });

  addEventListener('popstate', () => location.reload());
  bindEditor();
})();
