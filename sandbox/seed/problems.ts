// Twelve problems of each difficulty (the seed requirement). Ids are stable, so demos and tests
// can name them: prb_easy_01 … prb_hard_12.
import type { Difficulty, Problem } from "../state.js";

const titles: Readonly<Record<Difficulty, readonly string[]>> = {
  easy: [
    "Two Sum",
    "Valid Parentheses",
    "Reverse Linked List",
    "Palindrome Number",
    "Merge Sorted Arrays",
    "Climbing Stairs",
    "Maximum Subarray",
    "Roman to Integer",
    "Binary Search",
    "Missing Number",
    "Fizz Buzz",
    "Single Number",
  ],
  medium: [
    "Longest Substring Without Repeats",
    "Group Anagrams",
    "Top K Frequent Elements",
    "Product of Array Except Self",
    "Course Schedule",
    "Coin Change",
    "Number of Islands",
    "Rotate Image",
    "Word Search",
    "Kth Largest Element",
    "Meeting Rooms II",
    "Decode Ways",
  ],
  hard: [
    "Median of Two Sorted Arrays",
    "Trapping Rain Water",
    "Merge k Sorted Lists",
    "Regular Expression Matching",
    "Word Ladder II",
    "Minimum Window Substring",
    "Sliding Window Maximum",
    "Serialize Binary Tree",
    "N-Queens II",
    "Edit Distance",
    "Alien Dictionary",
    "Burst Balloons",
  ],
};

export function seedProblems(): Problem[] {
  return (Object.keys(titles) as Difficulty[]).flatMap((difficulty) =>
    titles[difficulty].map((title, index) => ({
      id: `prb_${difficulty}_${String(index + 1).padStart(2, "0")}`,
      title,
      difficulty,
    })),
  );
}
