import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  newWebhookSecret,
  openWebhookSecret,
  sealWebhookSecret,
  retryDelayMs,
  webhookSignature,
  webhookUrlProblem,
} from '../../src/domain/webhooks.js';

describe('webhook signatures (Standard Webhooks v1)', () => {
  it('reproduce the published Standard Webhooks test vector exactly', () => {
    // The vector every Standard Webhooks and Svix library tests against: a receiver's library accepts what we send.
    assert.equal(
      webhookSignature(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('differ with the secret, the id, the timestamp and the body', () => {
    const secret = newWebhookSecret();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const base = webhookSignature(secret, 'msg_a', 1, '{}');
    assert.notEqual(webhookSignature(newWebhookSecret(), 'msg_a', 1, '{}'), base);
    assert.notEqual(webhookSignature(secret, 'msg_b', 1, '{}'), base);
    assert.notEqual(webhookSignature(secret, 'msg_a', 2, '{}'), base);
    assert.notEqual(webhookSignature(secret, 'msg_a', 1, '{ }'), base);
  });
});

describe('webhook retries', () => {
  it('back off four times longer after each failure, at most 12 hours apart', () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n) / 60_000);
    assert.deepEqual(minutes, [0.5, 2, 8, 32, 128, 512, 720, 720]);
  });
});

describe('webhook addresses', () => {
  it('must be https://, absolute, without credentials or fragment, at most 2,048 characters', () => {
    assert.equal(webhookUrlProblem('https://hooks.example.org/lmi?x=1', false), null);
    assert.match(webhookUrlProblem('http://hooks.example.org/lmi', false)!, /https:\/\//);
    assert.match(webhookUrlProblem('hooks.example.org/lmi', false)!, /absolute/);
    assert.match(webhookUrlProblem('https://me:pw@hooks.example.org/', false)!, /user name or password/);
    assert.match(webhookUrlProblem('https://hooks.example.org/#x', false)!, /fragment/);
    assert.match(webhookUrlProblem(`https://hooks.example.org/${'a'.repeat(2100)}`, false)!, /at most 2048/);
  });

  it('refuses loopback, private and reserved addresses unless allowed', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://localhost:8443/',
      'https://localhost.:8443/',
      'https://api.localhost/',
      'https://10.1.2.3/',
      'https://192.168.0.10/',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::7f00:1]/',
      'https://[::ffff:0:7f00:1]/',
      'https://[64:ff9b::a9fe:a9fe]/',
      'https://[2002:a9fe:a9fe::]/',
      'https://[fec0::1]/',
      'https://192.0.2.10/',
      'https://198.51.100.10/',
      'https://2130706433/',
    ]) {
      assert.match(webhookUrlProblem(url, false) ?? '', /public address/, url);
      assert.equal(webhookUrlProblem(url, true), null, url);
    }
    assert.match(
      webhookUrlProblem('https://[64:ff9b::a9fe:a9fe]/', false)!,
      /\[64:ff9b::a9fe:a9fe\] is the NAT64 form of 169\.254\.169\.254 \(link-local\)/,
    );
    assert.equal(webhookUrlProblem('https://93.184.216.34/', false), null);
    assert.equal(webhookUrlProblem('https://[2606:2800:220:1:248:1893:25c8:1946]/', false), null);
  });
});

describe('webhook secrets at rest', () => {
  it('are sealed under the service secret: the stored form holds no trace of the secret, and opens only with that service secret', () => {
    const secret = newWebhookSecret();
    const sealed = sealWebhookSecret(secret, 'service secret one');
    assert.match(sealed, /^sealed\.v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.ok(!sealed.includes(secret.slice('whsec_'.length, 20)));
    assert.notEqual(sealWebhookSecret(secret, 'service secret one'), sealed, 'a fresh IV each time');
    assert.equal(openWebhookSecret(sealed, 'service secret one'), secret);
    assert.throws(() => openWebhookSecret(sealed, 'service secret two'));
    assert.throws(() => openWebhookSecret(secret, 'service secret one'), /unsealed/);
  });
});
