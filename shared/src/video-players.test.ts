import { describe, expect, it } from 'vitest';
import { playerForLink, playerSource } from './video-players';

const ID = 'dQw4w9WgXcQ';
const NOCOOKIE = `https://www.youtube-nocookie.com/embed/${ID}`;

describe('playerSource', () => {
  it.each([
    [`https://www.youtube.com/embed/${ID}`, NOCOOKIE],
    [`https://youtube.com/embed/${ID}`, NOCOOKIE],
    [`//www.youtube.com/embed/${ID}?rel=0`, NOCOOKIE],
    [`http://www.youtube-nocookie.com/embed/${ID}/`, NOCOOKIE],
    [`  HTTPS://WWW.YOUTUBE.COM/embed/${ID}  `, NOCOOKIE],
    [
      `https://www.youtube.com/embed/${ID}?start=90&end=120&autoplay=1&origin=https://evil.example`,
      `${NOCOOKIE}?start=90&end=120`,
    ],
    [`https://www.youtube.com/embed/${ID}?start=evil`, NOCOOKIE],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    [
      'https://player.vimeo.com/video/76979871?h=8b3c4a9f1e&autoplay=1#t=1m30s',
      'https://player.vimeo.com/video/76979871?h=8b3c4a9f1e&dnt=1#t=90s',
    ],
    ['https://player.vimeo.com/video/76979871?h="><script>', 'https://player.vimeo.com/video/76979871?dnt=1'],
  ])('keeps %s as %s', (src, canonical) => {
    expect(playerSource(src)).toBe(canonical);
    expect(playerSource(canonical), 'a fixed point').toBe(canonical);
  });

  it.each([
    'javascript:alert(1)',
    `javascript://www.youtube.com/embed/${ID}`,
    'data:text/html,<script>alert(1)</script>',
    `https://www.youtube.com.evil.example/embed/${ID}`,
    `https://evil.example/www.youtube.com/embed/${ID}`,
    `https://www.youtube.com@evil.example/embed/${ID}`,
    `https://www.youtube.com:8443/embed/${ID}`,
    `//evil.example/embed/${ID}`,
    `https://www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/embed/${ID}/../../redirect?q=https://evil.example`,
    'https://www.youtube.com/embed/videoseries?list=PL1234567890',
    `https://www.youtube.com/embed/${ID}x`,
    `https://www.you\ttube.com/embed/${ID}`,
    'https://player.vimeo.com/video/abc',
    'https://player.vimeo.com/video/0123',
    'https://vimeo.com.evil.example/video/1',
    'https://player.vimeo.com/',
    'ftp://player.vimeo.com/video/1',
    '',
  ])('refuses %s', (src) => {
    expect(playerSource(src)).toBeNull();
  });
});

describe('playerForLink', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`, NOCOOKIE],
    [`https://m.youtube.com/watch?feature=share&v=${ID}&t=1m5s`, `${NOCOOKIE}?start=65`],
    [`https://youtu.be/${ID}?si=abc&t=42`, `${NOCOOKIE}?start=42`],
    [`https://www.youtube.com/shorts/${ID}`, NOCOOKIE],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://vimeo.com/76979871/8b3c4a9f1e', 'https://player.vimeo.com/video/76979871?h=8b3c4a9f1e&dnt=1'],
    [`https://www.youtube.com/embed/${ID}`, NOCOOKIE],
  ])('makes %s the player %s', (link, player) => {
    expect(playerForLink(link)).toBe(player);
  });

  it.each([
    'https://www.youtube.com/',
    `https://www.youtube.com.evil.example/watch?v=${ID}`,
    `https://youtu.be.evil.example/${ID}`,
    'https://vimeo.com/channels/staffpicks',
    'https://example.com/video.mp4',
    'not a link',
  ])('finds no player in %s', (link) => {
    expect(playerForLink(link)).toBeNull();
  });
});
