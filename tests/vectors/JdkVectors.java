// 負の種と大きな種について、本物の JDK の java.util.Random が返す値を JSON で書き出す。
//
// 作り直すとき（リポジトリの根で、JDK 17 以降）:
//
//     java tests/vectors/JdkVectors.java > tests/vectors/jdk-extra-seed-vectors.json
//
// 浮動小数は Double.toHexString の 16 進表記で書く（Python では float.fromhex で正確に読める）。
// JDK 17 の Double.toString は最短の 10 進表記を返さないことがあるので、10 進では書かない。

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;

public class JdkVectors {
    private static final long[] SEEDS = {
        -1L, -42L, (1L << 53) + 1, Long.MAX_VALUE, Long.MIN_VALUE, (1L << 48) + 7, 7L
    };
    private static final int[] SIZES = {2, 10, 150};
    private static final int[] BOUNDS = {1, 2, 3, 10, 100, 891, 1048576, 1000000007, 2147483647};

    public static void main(String[] args) {
        StringJoiner seeds = new StringJoiner(",\n");
        for (long seed : SEEDS) {
            seeds.add(entry(seed));
        }
        System.out.println("{");
        System.out.println("  \"about\": \"" + about() + "\",");
        System.out.println("  \"seeds\": [\n" + seeds + "\n  ],");
        System.out.println("  \"consecutive_shuffles\": " + consecutiveShuffles() + ",");
        System.out.println("  \"rejection\": " + rejection());
        System.out.println("}");
    }

    private static String about() {
        return "Printed by tests/vectors/JdkVectors.java on "
            + System.getProperty("java.vendor") + " " + System.getProperty("java.version")
            + ". For each seed: shuffles of 0..n-1 (a fresh Random(seed) each), then one Random(seed)"
            + " drawn in this order without reseeding: 20 x nextInt(), nextInt(b) for each bound,"
            + " 10 x nextDouble(), 6 x nextGaussian(), 5 x nextLong(), 8 x nextBoolean()."
            + " Doubles are Double.toHexString. consecutive_shuffles: one Random(0) shuffles"
            + " 0..9 twice in a row. rejection: one Random(0) draws nextInt(2^30 + 1) 20 times;"
            + " about half of the 31-bit draws are rejected for this bound.";
    }

    private static String entry(long seed) {
        StringJoiner shuffles = new StringJoiner(", ");
        for (int n : SIZES) {
            shuffles.add("{\"n\": " + n + ", \"order\": " + shuffled(n, new Random(seed)) + "}");
        }
        Random random = new Random(seed);
        List<String> ints = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            ints.add(Integer.toString(random.nextInt()));
        }
        List<String> bounded = new ArrayList<>();
        List<String> bounds = new ArrayList<>();
        for (int bound : BOUNDS) {
            bounds.add(Integer.toString(bound));
            bounded.add(Integer.toString(random.nextInt(bound)));
        }
        List<String> doubles = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            doubles.add(quoted(Double.toHexString(random.nextDouble())));
        }
        List<String> gaussians = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            gaussians.add(quoted(Double.toHexString(random.nextGaussian())));
        }
        List<String> longs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            longs.add(Long.toString(random.nextLong()));
        }
        List<String> booleans = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            booleans.add(Boolean.toString(random.nextBoolean()));
        }
        return "    {\"seed\": " + seed
            + ",\n     \"shuffle\": [" + shuffles + "]"
            + ",\n     \"nextInt\": " + ints
            + ",\n     \"nextIntBounded\": {\"bounds\": " + bounds + ", \"values\": " + bounded + "}"
            + ",\n     \"nextDouble\": " + doubles
            + ",\n     \"nextGaussian\": " + gaussians
            + ",\n     \"nextLong\": " + longs
            + ",\n     \"nextBoolean\": " + booleans + "}";
    }

    private static String consecutiveShuffles() {
        Random random = new Random(0);
        return "[" + shuffled(10, random) + ", " + shuffled(10, random) + "]";
    }

    private static String rejection() {
        int bound = (1 << 30) + 1;
        Random random = new Random(0);
        List<Integer> values = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            values.add(random.nextInt(bound));
        }
        return "{\"seed\": 0, \"bound\": " + bound + ", \"values\": " + values + "}";
    }

    private static List<Integer> shuffled(int n, Random random) {
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            positions.add(i);
        }
        Collections.shuffle(positions, random);
        return positions;
    }

    private static String quoted(String text) {
        return "\"" + text + "\"";
    }
}
