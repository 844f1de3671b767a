import { createWebhookReceiver } from './receiver.mjs';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error('Set WEBHOOK_SECRET to the secret shown when the webhook was created (or rotated).');
  process.exit(1);
}
const port = Number(process.env.PORT || 4000);

const receiver = createWebhookReceiver({
  secret,
  onEvent: (event, id) => {
    console.log(`${id} ${event.type}`, JSON.stringify(event.data));
  },
});
const host = process.env.HOST || '127.0.0.1';
receiver.listen(port, host, () => console.log(`Receiving Northstar webhooks on http://${host}:${receiver.address().port}/`));
