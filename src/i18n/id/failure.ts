import type { failure as en } from '../en/failure.ts';

/**
 * Teks berbahasa Indonesia untuk area failure (kunci `failure.*`): apa yang
 * gagal di bawah widget, dari kode yang dibawa lapisan bawah
 * (src/protocol/failure.ts): request tanpa balasan, proses yang berhenti atau
 * dihentikan, probe tanpa versi yang sama, unduhan yang gagal. Istilah wire
 * (nama method, HTTP, stderr, nama sinyal) tetap seperti aslinya.
 */
export const failure: Record<keyof typeof en, string> = {
  'failure.timeout': 'tidak ada balasan untuk {method} (id {id}) dalam {ms} ms',
  'failure.exit': 'proses server berhenti dengan kode {code}',
  'failure.exitSignal': 'proses server dihentikan oleh {signal}',
  'failure.withStderr': '{what}; stderr terakhir: {stderr}',
  'failure.because': '{what} ({why})',
  'failure.flood': 'server menulis lebih dari {limit} byte ke {channel}, jadi dihentikan',
  'failure.closed': 'client menutup koneksi',
  'failure.killed': 'client menghentikan paksa proses server',
  'failure.duplicate-id': 'id {id} masih menunggu balasan',
  'failure.engine-kill': 'dihentikan oleh engine',
  'failure.watchdog-output': 'dihentikan oleh watchdog: output lebih dari {bytes} byte',
  'failure.watchdog-start': 'dihentikan oleh watchdog: proses tidak mulai dalam {ms} ms',
  'failure.watchdog-busy': 'dihentikan oleh watchdog: sibuk lebih dari {ms} ms tanpa memberi jeda (loop tanpa akhir?)',
  'failure.worker-load': 'Worker yang menjalankan proses gagal dimuat',
  'failure.worker-message': 'pesan dari Worker tidak dapat dibaca',
  'failure.relay-ended': 'relay berhenti tanpa melaporkan akhir proses server (kode keluar relay {code})',
  'failure.no-shared-version': 'tidak ada versi yang sama: server mendukung {supported}; client ini memakai {client}',
  'failure.initialize-version-unknown': 'server menjawab initialize dengan {version}, versi yang tidak dipakai client ini',
  'failure.initialize-failed': 'initialize gagal: {outcome}',
  'failure.retry-unexpected': 'jawaban tak terduga untuk server/discover yang diulang: {outcome}',
  'failure.list-failed': '{method} gagal: {outcome}',
  'failure.http': 'tidak dapat memuat {what} (HTTP {status})',
  'failure.network': 'tidak dapat memuat {what}: request jaringan gagal',
  'failure.handler-failed': 'fetch handler milik server gagal: {detail}',
  'failure.process-ended': 'proses yang menjalankan fetch handler sudah berhenti',
  'failure.no-reply': 'tidak ada balasan dalam {ms} ms',
  'failure.check-timeout': 'pemeriksaan tidak selesai dalam {ms} ms',
  'failure.check-stopped': 'pemeriksaan dihentikan',
  'failure.check-ended': 'pemeriksaan sudah berakhir',
  'failure.run-stopped': 'pemeriksaan dihentikan sebelum selesai',
  'failure.spawn-failed': 'server tidak bisa dijalankan',
  'failure.spawn-error': 'server tidak bisa dijalankan: {detail}',
  'failure.checker-failed': 'checker sendiri yang gagal: {detail}',
  'failure.stopped-answering': 'setelah baris yang rusak itu, server berhenti menjawab',
  'failure.what.server': 'modul server',
  'failure.what.wasm': 'WASM tokenizer',
  'failure.what.ranks': 'tabel rank tokenizer',
  'failure.what.file': 'sebuah file',
  'failure.probeFailed': 'probe era gagal',
  'failure.tokenizerWorker': 'Worker tokenizer gagal dimulai',
  'failure.unknown': 'terjadi kesalahan',
};
