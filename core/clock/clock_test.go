package clock

import (
	"testing"
	"time"
)

func TestClockAdvancesOnlyWhenTold(t *testing.T) {
	c := New(Epoch)
	if !c.Now().Equal(Epoch) {
		t.Fatalf("Now() = %v, want %v", c.Now(), Epoch)
	}
	c.Advance(3 * time.Second)
	if got := c.since(Epoch); got != 3*time.Second {
		t.Fatalf("Since(Epoch) = %v after Advance(3s), want 3s", got)
	}
	c.Advance(-time.Hour)
	if got := c.since(Epoch); got != 3*time.Second {
		t.Fatalf("a negative Advance moved the clock: Since(Epoch) = %v", got)
	}
}
