// The refund module, embedded as a same-origin iframe like many legacy console widgets.
(() => {
  'use strict';
  const en = document.documentElement.lang === 'en';
  const form = document.querySelector('form.refund');
  const out = form.querySelector('.refund-result');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = {
      conversationId: form.dataset.conversationId,
      orderId: form.querySelector('[name=o]').value.trim(),
      amount: Number(form.querySelector('[name=a]').value),
      currency: form.querySelector('[name=cur]').value,
      reason: form.querySelector('[name=r]').value.trim(),
    };
    out.textContent = '…';
    delete out.dataset.state;
    try {
      const r = await fetch('/api/refunds', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const data = await r.json().catch(() => ({}));
      if (!r.ok) {
        out.textContent = `${en ? 'Refund refused' : '退款被拒绝'}: ${data.error ?? r.status}`;
        out.dataset.state = 'error';
        return;
      }
      out.textContent = `${en ? 'Refund requested' : '退款已提交'}: ${data.id}`;
      out.dataset.state = 'ok';
      out.dataset.refundId = data.id;
    } catch {
      out.textContent = en ? 'Network error' : '网络错误';
      out.dataset.state = 'error';
    }
  });
})();
