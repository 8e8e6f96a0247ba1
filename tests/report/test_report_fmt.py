"""The report's number formats (report/fmt.py): a range's end keeps the digits that show which side of zero
it is, so a verdict that reads the interval ("a real difference") never sits beside one printed as 0.0."""

from designlab.report.fmt import points_range


def test_a_range_end_near_zero_shows_its_side_of_zero():
    assert points_range(0.0004, 0.073, sign=True) == "+0.04 to +7.3 points"
    assert points_range(-0.073, -0.00004, sign=True) == "-7.3 to -0.004 points"
    assert points_range(0.0004, 0.073) == "0.04–7.3 points"
    # zero itself, and ends that round clear of zero, keep one digit
    assert points_range(0.0, 0.05, sign=True) == "+0.0 to +5.0 points"
    assert points_range(0.114, 0.175, sign=True) == "+11.4 to +17.5 points"
    assert points_range(-0.0006, 0.0006, sign=True) == "-0.1 to +0.1 points"  # rounds clear of zero already
    # at most four digits: an end a hair from zero still prints a number
    assert points_range(1e-9, 0.01, sign=True) == "+0.0000 to +1.0 points"
