import { describe, expect, it } from 'vitest';
import type { Position } from 'geojson';
import { flattenPolygon, splitAtAntimeridian, worldLand } from './map-style.ts';

const longestStep = (ring: Position[]) =>
  Math.max(...ring.slice(1).map((point, i) => Math.abs(point[0]! - ring[i]![0]!)));

describe('splitAtAntimeridian', () => {
  it('keeps a ring that does not cross, closed', () => {
    expect(
      splitAtAntimeridian([
        [0, 0],
        [10, 0],
        [10, 10],
      ]),
    ).toEqual([
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 0],
      ],
    ]);
  });

  it('cuts a ring crossing twice into a piece on each side, meeting on ±180° at the crossing latitudes', () => {
    // A square from 170°E to 170°W, 0° to 10°N.
    const pieces = splitAtAntimeridian([
      [170, 0],
      [-170, 0],
      [-170, 10],
      [170, 10],
      [170, 0],
    ]);
    expect(pieces).toEqual([
      [
        [180, 10],
        [170, 10],
        [170, 0],
        [180, 0],
        [180, 10],
      ],
      [
        [-180, 0],
        [-170, 0],
        [-170, 10],
        [-180, 10],
        [-180, 0],
      ],
    ]);
  });

  it('cuts an edge running along the meridian (180° to -180°) where it starts', () => {
    const pieces = splitAtAntimeridian([
      [170, 60],
      [180, 70],
      [-180, 70],
      [-170, 60],
      [170, 60],
    ]);
    expect(pieces).toHaveLength(2);
    for (const point of pieces?.flat() ?? []) expect(point.every(Number.isFinite)).toBe(true);
    expect(pieces?.[0]).toContainEqual([180, 70]);
    expect(pieces?.[1]).toContainEqual([-180, 70]);
  });

  it('drops a ring going round a pole (one crossing)', () => {
    expect(
      splitAtAntimeridian([
        [-170, -80],
        [0, -85],
        [170, -80],
        [-170, -80],
      ]),
    ).toBeNull();
  });
});

describe('flattenPolygon', () => {
  it('keeps each hole with the piece it lies in', () => {
    const hole = [
      [-175, 4],
      [-174, 4],
      [-174, 5],
      [-175, 4],
    ];
    const polygons = flattenPolygon([
      [
        [170, 0],
        [-170, 0],
        [-170, 10],
        [170, 10],
        [170, 0],
      ],
      hole,
    ]);
    expect(polygons).toHaveLength(2);
    expect(polygons[0]).toHaveLength(1);
    expect(polygons[1]).toEqual([expect.any(Array), hole]);
  });
});

describe('worldLand', () => {
  it("is Natural Earth's land with no ring crossing the antimeridian and no ring round the pole", () => {
    const [land] = worldLand().features;
    const polygons = land?.geometry.coordinates ?? [];
    expect(polygons.length).toBeGreaterThan(100);
    const rings = polygons.flat();
    for (const ring of rings) {
      expect(longestStep(ring)).toBeLessThanOrEqual(180);
      expect(ring[0]).toEqual(ring[ring.length - 1]);
    }
    // Antarctica's pole ring reaches -85.6°; its ice shelves (rings of their own, -81°) stay.
    expect(Math.min(...rings.flat().map(([, lat]) => lat!))).toBeGreaterThan(-85);
    expect(Math.min(...rings.flat().map(([, lat]) => lat!))).toBeLessThan(-80);
    // Fiji, Chukotka and Wrangel Island are cut at the antimeridian: land on both sides of it.
    expect(rings.some((ring) => ring.some(([lng]) => lng === 180))).toBe(true);
    expect(rings.some((ring) => ring.some(([lng]) => lng === -180))).toBe(true);
  });
});
